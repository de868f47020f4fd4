/*
 * drivespeed's JNI stub: the system calls of the native backend's per-I/O path, made directly
 * with the architecture's system-call instruction. Each returns what the kernel returns: the
 * result, or -errno on failure (no errno, no glibc cancellation-point wrapper, no libffi).
 *
 * Built by the Maven build (src/build/BuildJniStub.java) where a C compiler for the
 * architecture is present, with -nostdlib: the library needs nothing but the kernel, so it has
 * no dependency to resolve at load time. Loaded by JniStub only when the SHA-256 recorded at
 * build time and the ELF header's architecture match; otherwise the backend makes the same
 * calls through JNA. Sources of the numbers: <asm/unistd.h> (the kernel's uapi headers), read
 * at build time for the target architecture.
 *
 * 32-bit ARM (EABI, built with -marm so that r7 is free for the system-call number): the kernel
 * takes a 64-bit argument in an even/odd register pair, so pread64 and pwrite64 pass their offset
 * in r4/r5 after a padding word in r3 (arch/arm/kernel/entry-common.S, glibc's
 * __ASSUME_ALIGNED_REGISTER_PAIRS); addresses, counts and aio_context_t are 32 bits wide there,
 * and the Java side never hands over a value that does not fit.
 */
#include <jni.h>
#include <asm/unistd.h>

/* Bump when a function is added, removed or changes its arguments; JniStub checks it. */
#define DRIVESPEED_JNI_ABI 2

#if defined(__x86_64__)
static inline long raw6(long n, long a, long b, long c, long d, long e, long f)
{
	long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	__asm__ volatile ("syscall"
			  : "=a"(ret)
			  : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			  : "rcx", "r11", "memory");
	return ret;
}
#elif defined(__aarch64__)
static inline long raw6(long n, long a, long b, long c, long d, long e, long f)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;
	register long x5 __asm__("x5") = f;
	__asm__ volatile ("svc #0"
			  : "+r"(x0)
			  : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			  : "memory");
	return x0;
}
#elif defined(__arm__) && defined(__ARM_EABI__) && !defined(__thumb__) && !defined(__ARMEB__)
static inline long raw6(long n, long a, long b, long c, long d, long e, long f)
{
	register long r7 __asm__("r7") = n;
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;
	register long r3 __asm__("r3") = d;
	register long r4 __asm__("r4") = e;
	register long r5 __asm__("r5") = f;
	__asm__ volatile ("svc #0"
			  : "+r"(r0)
			  : "r"(r7), "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5)
			  : "memory");
	return r0;
}
#else
#error "drivespeed's JNI stub supports x86_64, aarch64 and little-endian 32-bit ARM EABI in ARM state (-marm)"
#endif

/*
 * A system call whose last argument is a 64-bit file offset: one register where registers are
 * 64 bits wide; on 32-bit ARM EABI an aligned register pair (r4 low, r5 high on little-endian),
 * r3 left as padding.
 */
static inline long raw_offset(long n, long fd, long address, long count, jlong offset)
{
#if defined(__arm__)
	return raw6(n, fd, address, count, 0, (long) (unsigned long) (unsigned long long) offset,
		    (long) ((unsigned long long) offset >> 32));
#else
	return raw6(n, fd, address, count, offset, 0, 0);
#endif
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
	(void) vm;
	(void) reserved;
	return JNI_VERSION_1_8;
}

JNIEXPORT jint JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_abiVersion(JNIEnv *env, jclass cls)
{
	(void) env;
	(void) cls;
	return DRIVESPEED_JNI_ABI;
}

/* pread64(2) into native memory at address; bytes read, 0 at end of file, or -errno. */
JNIEXPORT jlong JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_pread(JNIEnv *env, jclass cls, jint fd,
		jlong address, jlong count, jlong offset)
{
	(void) env;
	(void) cls;
	return raw_offset(__NR_pread64, fd, (long) address, (long) count, offset);
}

/* pwrite64(2) from native memory at address; bytes written, or -errno. */
JNIEXPORT jlong JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_pwrite(JNIEnv *env, jclass cls, jint fd,
		jlong address, jlong count, jlong offset)
{
	(void) env;
	(void) cls;
	return raw_offset(__NR_pwrite64, fd, (long) address, (long) count, offset);
}

/* io_submit(2): iocbs submitted, or -errno. */
JNIEXPORT jlong JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_ioSubmit(JNIEnv *env, jclass cls, jlong context,
		jlong count, jlong iocbPointers)
{
	(void) env;
	(void) cls;
	return raw6(__NR_io_submit, (long) context, (long) count, (long) iocbPointers, 0, 0, 0);
}

/* io_getevents(2) with no timeout: events copied to events, or -errno. */
JNIEXPORT jlong JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_ioGetevents(JNIEnv *env, jclass cls,
		jlong context, jlong minEvents, jlong maxEvents, jlong events)
{
	(void) env;
	(void) cls;
	return raw6(__NR_io_getevents, (long) context, (long) minEvents, (long) maxEvents,
		    (long) events, 0, 0);
}

/* io_uring_enter(2) with no signal mask: SQEs consumed, or -errno. */
JNIEXPORT jint JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_ioUringEnter(JNIEnv *env, jclass cls, jint fd,
		jint toSubmit, jint minComplete, jint flags)
{
	(void) env;
	(void) cls;
	return (jint) raw6(__NR_io_uring_enter, fd, (unsigned) toSubmit, (unsigned) minComplete,
			   (unsigned) flags, 0, 0);
}

/*
 * The C library's clock_gettime(2), reached through a pointer the Java side looked up (the stub
 * links against nothing): struct timespec as that symbol takes it, two longs (32-bit time_t on
 * 32-bit ARM, whose CLOCK_MONOTONIC is time since boot and fits).
 */
struct ds_timespec {
	long tv_sec;
	long tv_nsec;
};
typedef int (*ds_clock_gettime)(int clock, struct ds_timespec *t);
#define DS_CLOCK_MONOTONIC 1

static inline jlong ds_nanos(ds_clock_gettime clock)
{
	struct ds_timespec t;
	clock(DS_CLOCK_MONOTONIC, &t);
	return (jlong) t.tv_sec * 1000000000 + t.tv_nsec;
}

/*
 * Synchronous transfers of `length` bytes each, timed, for I/Os [from, to): I/O i is one
 * pread64(2) (or pwrite64(2) when write is non-zero) at positions[i] from or into addresses[i].
 * times[from] is CLOCK_MONOTONIC in nanoseconds (System.nanoTime()'s clock) before the first,
 * times[i + 1] the clock after I/O i returned. Stops before an I/O when the clock read last is at
 * or past deadline, and after an I/O that moved other than `length` bytes (a short transfer, end
 * of file, or -errno, EINTR included), whose result goes to *status (left `length` otherwise).
 * Returns how many I/Os moved `length` bytes.
 */
JNIEXPORT jint JNICALL
Java_io_github_drivespeed_nativeio_JniCalls_timedTransfers(JNIEnv *env, jclass cls,
		jint fd, jint write, jlong length, jlong positions, jlong addresses, jlong times,
		jlong status, jint from, jint to, jlong clockFunction, jlong deadline)
{
	(void) env;
	(void) cls;
	const jlong *at = (const jlong *) (long) positions;
	const jlong *address = (const jlong *) (long) addresses;
	jlong *time = (jlong *) (long) times;
	jlong *result = (jlong *) (long) status;
	ds_clock_gettime clock = (ds_clock_gettime) (long) clockFunction;
	long call = write ? __NR_pwrite64 : __NR_pread64;
	jlong now = ds_nanos(clock);
	time[from] = now;
	*result = length;
	jint i;
	for (i = from; i < to; i++) {
		if (now - deadline >= 0) {
			break;
		}
		long r = raw_offset(call, fd, (long) address[i], (long) length, at[i]);
		now = ds_nanos(clock);
		time[i + 1] = now;
		if (r != length) {
			*result = r;
			break;
		}
	}
	return i - from;
}
