/*
 * The floor of per-I/O cost at queue depth 1: one 4 KiB O_DIRECT pread(2) or pwrite(2) after
 * another at random block offsets (xorshift64, with replacement) of an existing file, with no
 * statistics, for a number of seconds; prints the IOPS. With "timed", each I/O is also timed as
 * drivespeed times it (clock_gettime(CLOCK_MONOTONIC) before and after), and the latencies are
 * summed, so that the cost of the two time stamps alone can be read against the untimed loop.
 * With "pool", each write comes from the next 4 KiB block of a 32 MiB buffer of random bytes
 * (as drivespeed writes data that does not repeat, from a pool of that size), not from one block
 * that stays in the CPU's caches. With "threaded", a second thread that only sleeps is started
 * first, so that the process's file table is shared as in any multi-threaded process (a JVM):
 * the kernel then takes and drops a reference to the file on every pread/pwrite (fdget/fput),
 * which it skips for a single-threaded one.
 *
 *   cc -O2 -pthread -o bare-io benchmarks/bare-io.c
 *   bare-io FILE SECONDS read|write [timed] [pool] [threaded]
 *
 * The file must exist; its size (a multiple of 4 KiB) bounds the offsets. Used by
 * benchmarks/engines-vs-fio.sh (tmpfs-qd1) and documented in docs/benchmarks.md.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 4096
#define POOL_BYTES (32u << 20)

static inline int64_t nanos(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

static void *sleeper(void *unused)
{
	(void) unused;
	for (;;) {
		pause();
	}
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 4 || (strcmp(argv[3], "read") && strcmp(argv[3], "write"))) {
		fprintf(stderr, "usage: %s FILE SECONDS read|write [timed] [pool] [threaded]\n",
			argv[0]);
		return 2;
	}
	int write = strcmp(argv[3], "write") == 0;
	int timed = 0, pool = 0, threaded = 0;
	for (int a = 4; a < argc; a++) {
		timed |= strcmp(argv[a], "timed") == 0;
		pool |= strcmp(argv[a], "pool") == 0;
		threaded |= strcmp(argv[a], "threaded") == 0;
	}
	pthread_t other;
	if (threaded && pthread_create(&other, NULL, sleeper, NULL) != 0) {
		return 1;
	}
	int fd = open(argv[1], (write ? O_RDWR : O_RDONLY) | O_DIRECT);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < BLOCK) {
		perror(argv[1]);
		return 1;
	}
	uint64_t blocks = (uint64_t) st.st_size / BLOCK;
	int64_t duration = (int64_t) (atof(argv[2]) * 1e9);
	size_t buffer_bytes = pool ? POOL_BYTES : BLOCK;
	unsigned char *buffer;
	if (posix_memalign((void **) &buffer, BLOCK, buffer_bytes) != 0) {
		return 1;
	}
	uint64_t fill = 0x2545f4914f6cdd1dULL;
	for (size_t i = 0; i < buffer_bytes; i += sizeof fill) {
		fill ^= fill << 13;
		fill ^= fill >> 7;
		fill ^= fill << 17;
		memcpy(buffer + i, &fill, sizeof fill);
	}
	size_t next = 0;
	uint64_t x = 0x9e3779b97f4a7c15ULL, ios = 0;
	int64_t latency_sum = 0, start = nanos(), now = start;
	while (now - start < duration) {
		for (int i = 0; i < 128; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			off_t offset = (off_t) (x % blocks) * BLOCK;
			unsigned char *at = buffer + next;
			if (pool) {
				next = next + BLOCK == POOL_BYTES ? 0 : next + BLOCK;
			}
			int64_t before = timed ? nanos() : 0;
			ssize_t n = write ? pwrite(fd, at, BLOCK, offset) : pread(fd, at, BLOCK, offset);
			if (n != BLOCK) {
				perror(write ? "pwrite" : "pread");
				return 1;
			}
			if (timed) {
				latency_sum += nanos() - before;
			}
		}
		ios += 128;
		now = nanos();
	}
	printf("%.0f\n", ios * 1e9 / (double) (now - start));
	if (timed && latency_sum < 0) {
		return 1; /* keeps the sum live */
	}
	return 0;
}
