// SPDX-License-Identifier: GPL-2.0
/*
 * td_seed: make the guest's random number generator ready at once, from
 * a seed the host wrote into the initramfs, and say whether it is.
 *
 * Why: the QEMU guest (TCG, no hardware RNG) used to reach "crng init
 * done" minutes into the tests.  The kernel then turns on a static key
 * (crng_is_ready) by live-patching its text with int3, and under TCG
 * another vCPU executing that site can trap on the int3 after the kernel
 * has stopped expecting it: "Oops: int3" in crng_make_state(), a panic
 * that has nothing to do with the module.  Done here, first thing in
 * init, no other CPU is busy while the key flips.
 *
 * Usage: td_seed SEEDFILE   (RNDADDENTROPY needs CAP_SYS_ADMIN)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/random.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <unistd.h>

#define SEED_BYTES 64

int main(int argc, char **argv)
{
	struct {
		struct rand_pool_info info;
		unsigned char buf[SEED_BYTES];
	} seed;
	unsigned char probe;
	ssize_t n;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: td_seed SEEDFILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || (n = read(fd, seed.buf, sizeof(seed.buf))) !=
			      (ssize_t)sizeof(seed.buf)) {
		printf("FAIL: td_seed: cannot read %d bytes of %s\n",
		       SEED_BYTES, argv[1]);
		return 1;
	}
	close(fd);
	seed.info.entropy_count = SEED_BYTES * 8;
	seed.info.buf_size = SEED_BYTES;
	fd = open("/dev/urandom", O_WRONLY);
	if (fd < 0 || ioctl(fd, RNDADDENTROPY, &seed) < 0) {
		printf("FAIL: td_seed: RNDADDENTROPY: %s\n", strerror(errno));
		return 1;
	}
	close(fd);
	if (getrandom(&probe, 1, GRND_NONBLOCK) != 1) {
		printf("FAIL: td_seed: the RNG is still not ready (%s)\n",
		       strerror(errno));
		return 1;
	}
	printf("PASS: the guest's RNG is ready before the tests\n");
	return 0;
}
