/*
 * What drivespeed-native's Java side passes to glibc and the kernel, as one architecture's
 * headers define it: flag values, ioctl and system-call numbers, the widths of C types, and the
 * sizes and offsets of the structures the backend lays out in native memory. KernelAbiTest
 * compiles this with that architecture's (cross) compiler, with -S only: nothing is linked or
 * run. Each ABI() line puts "@abi NAME VALUE" into the assembly, as the kernel's asm-offsets do;
 * the test reads those lines and compares each with the Java side's value. ABSENT() marks a name
 * these headers are too old to define, so the test can say what it could not check.
 */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <unistd.h>
#include <asm/unistd.h>
#include <linux/aio_abi.h>
#include <linux/fs.h>
#include <linux/io_uring.h>

#define ABI(name, value) __asm__ volatile("\n@abi " #name " %0" : : "i"((long long) (value)))
#define ABSENT(name) __asm__ volatile("\n@abi-absent " #name)
#define OFFSET(name, type, member) ABI(name, offsetof(type, member))

void abi(void);

void abi(void)
{
	/* widths: pointers, long and size_t as JNA maps them; off_t with _FILE_OFFSET_BITS=64 */
	ABI(sizeof_pointer, sizeof(void *));
	ABI(sizeof_long, sizeof(long));
	ABI(sizeof_size_t, sizeof(size_t));
	ABI(sizeof_off_t, sizeof(off_t));
	ABI(sizeof_aio_context_t, sizeof(aio_context_t));
	ABI(sizeof_iovec, sizeof(struct iovec));
	OFFSET(iovec_iov_len, struct iovec, iov_len);

	/* open(2) and friends */
	ABI(O_RDONLY, O_RDONLY);
	ABI(O_RDWR, O_RDWR);
	ABI(O_CREAT, O_CREAT);
	ABI(O_EXCL, O_EXCL);
	ABI(O_DSYNC, O_DSYNC);
	ABI(O_DIRECT, O_DIRECT);
	ABI(O_CLOEXEC, O_CLOEXEC);
	ABI(O_TMPFILE, O_TMPFILE);
	ABI(O_DIRECTORY, O_DIRECTORY);
	ABI(O_NOFOLLOW, O_NOFOLLOW);
	ABI(O_LARGEFILE, O_LARGEFILE);
	ABI(AT_FDCWD, AT_FDCWD);
	ABI(AT_EMPTY_PATH, AT_EMPTY_PATH);
	ABI(SEEK_END, SEEK_END);

	/* ioctl(2) requests; BLKGETSIZE64 encodes sizeof(size_t) */
	ABI(BLKGETSIZE64, BLKGETSIZE64);
	ABI(BLKSSZGET, BLKSSZGET);
	ABI(BLKPBSZGET, BLKPBSZGET);
	ABI(BLKFLSBUF, BLKFLSBUF);
	ABI(BLKROGET, BLKROGET);
	ABI(FS_IOC_GETFLAGS, FS_IOC_GETFLAGS);
	ABI(FS_IOC_SETFLAGS, FS_IOC_SETFLAGS);
	ABI(FS_NOCOW_FL, FS_NOCOW_FL);
	ABI(RWF_NOWAIT, RWF_NOWAIT);

	/* mmap(2), madvise(2), posix_fadvise(2) */
	ABI(PROT_READ, PROT_READ);
	ABI(PROT_WRITE, PROT_WRITE);
	ABI(MAP_SHARED, MAP_SHARED);
	ABI(MAP_PRIVATE, MAP_PRIVATE);
	ABI(MAP_ANONYMOUS, MAP_ANONYMOUS);
	ABI(MAP_POPULATE, MAP_POPULATE);
	ABI(MADV_HUGEPAGE, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
	ABI(MADV_POPULATE_WRITE, MADV_POPULATE_WRITE);
#else
	ABSENT(MADV_POPULATE_WRITE);
#endif
	ABI(POSIX_FADV_NORMAL, POSIX_FADV_NORMAL);
	ABI(POSIX_FADV_RANDOM, POSIX_FADV_RANDOM);
	ABI(POSIX_FADV_DONTNEED, POSIX_FADV_DONTNEED);

	/* system calls made through syscall(2) */
	ABI(__NR_io_setup, __NR_io_setup);
	ABI(__NR_io_destroy, __NR_io_destroy);
	ABI(__NR_io_submit, __NR_io_submit);
	ABI(__NR_io_getevents, __NR_io_getevents);
	ABI(__NR_io_uring_setup, __NR_io_uring_setup);
	ABI(__NR_io_uring_enter, __NR_io_uring_enter);
	ABI(__NR_io_uring_register, __NR_io_uring_register);
#ifdef __NR_cachestat
	ABI(__NR_cachestat, __NR_cachestat);
#else
	ABSENT(__NR_cachestat);
#endif

	/* Linux AIO (linux/aio_abi.h) */
	ABI(sizeof_iocb, sizeof(struct iocb));
	OFFSET(iocb_aio_data, struct iocb, aio_data);
	OFFSET(iocb_aio_lio_opcode, struct iocb, aio_lio_opcode);
	OFFSET(iocb_aio_fildes, struct iocb, aio_fildes);
	OFFSET(iocb_aio_buf, struct iocb, aio_buf);
	OFFSET(iocb_aio_nbytes, struct iocb, aio_nbytes);
	OFFSET(iocb_aio_offset, struct iocb, aio_offset);
	ABI(sizeof_io_event, sizeof(struct io_event));
	OFFSET(io_event_data, struct io_event, data);
	OFFSET(io_event_res, struct io_event, res);
	ABI(IOCB_CMD_PREAD, IOCB_CMD_PREAD);
	ABI(IOCB_CMD_PWRITE, IOCB_CMD_PWRITE);

	/* io_uring (linux/io_uring.h) */
	ABI(sizeof_io_uring_params, sizeof(struct io_uring_params));
	OFFSET(params_sq_entries, struct io_uring_params, sq_entries);
	OFFSET(params_cq_entries, struct io_uring_params, cq_entries);
	OFFSET(params_flags, struct io_uring_params, flags);
	OFFSET(params_features, struct io_uring_params, features);
	OFFSET(params_sq_off_head, struct io_uring_params, sq_off.head);
	OFFSET(params_sq_off_tail, struct io_uring_params, sq_off.tail);
	OFFSET(params_sq_off_ring_mask, struct io_uring_params, sq_off.ring_mask);
	OFFSET(params_sq_off_array, struct io_uring_params, sq_off.array);
	OFFSET(params_cq_off_head, struct io_uring_params, cq_off.head);
	OFFSET(params_cq_off_tail, struct io_uring_params, cq_off.tail);
	OFFSET(params_cq_off_ring_mask, struct io_uring_params, cq_off.ring_mask);
	OFFSET(params_cq_off_cqes, struct io_uring_params, cq_off.cqes);
	ABI(sizeof_io_uring_sqe, sizeof(struct io_uring_sqe));
	OFFSET(sqe_opcode, struct io_uring_sqe, opcode);
	OFFSET(sqe_flags, struct io_uring_sqe, flags);
	OFFSET(sqe_fd, struct io_uring_sqe, fd);
	OFFSET(sqe_off, struct io_uring_sqe, off);
	OFFSET(sqe_addr, struct io_uring_sqe, addr);
	OFFSET(sqe_len, struct io_uring_sqe, len);
	OFFSET(sqe_user_data, struct io_uring_sqe, user_data);
	OFFSET(sqe_buf_index, struct io_uring_sqe, buf_index);
	ABI(sizeof_io_uring_cqe, sizeof(struct io_uring_cqe));
	OFFSET(cqe_user_data, struct io_uring_cqe, user_data);
	OFFSET(cqe_res, struct io_uring_cqe, res);
	ABI(IORING_OFF_SQ_RING, IORING_OFF_SQ_RING);
	ABI(IORING_OFF_CQ_RING, IORING_OFF_CQ_RING);
	ABI(IORING_OFF_SQES, IORING_OFF_SQES);
	ABI(IORING_SETUP_COOP_TASKRUN, IORING_SETUP_COOP_TASKRUN);
	ABI(IORING_FEAT_SINGLE_MMAP, IORING_FEAT_SINGLE_MMAP);
	ABI(IORING_REGISTER_BUFFERS, IORING_REGISTER_BUFFERS);
	ABI(IORING_REGISTER_FILES, IORING_REGISTER_FILES);
	ABI(IORING_UNREGISTER_FILES, IORING_UNREGISTER_FILES);
	ABI(IORING_OP_READ_FIXED, IORING_OP_READ_FIXED);
	ABI(IORING_OP_WRITE_FIXED, IORING_OP_WRITE_FIXED);
	ABI(IORING_OP_READ, IORING_OP_READ);
	ABI(IORING_OP_WRITE, IORING_OP_WRITE);
	ABI(IOSQE_FIXED_FILE, IOSQE_FIXED_FILE);
	ABI(IORING_ENTER_GETEVENTS, IORING_ENTER_GETEVENTS);

	/* statx(2) (glibc's struct statx is the kernel's) */
	ABI(sizeof_statx, sizeof(struct statx));
	OFFSET(statx_stx_mask, struct statx, stx_mask);
#ifdef STATX_DIOALIGN
	OFFSET(statx_stx_dio_mem_align, struct statx, stx_dio_mem_align);
	OFFSET(statx_stx_dio_offset_align, struct statx, stx_dio_offset_align);
	ABI(STATX_DIOALIGN, STATX_DIOALIGN);
#else
	ABSENT(statx_stx_dio_mem_align);
	ABSENT(statx_stx_dio_offset_align);
	ABSENT(STATX_DIOALIGN);
#endif

	/* statvfs(3): statvfs64 where off_t is 32 bits, the same layout as statvfs elsewhere */
	ABI(sizeof_statvfs64, sizeof(struct statvfs64));
	OFFSET(statvfs64_f_files, struct statvfs64, f_files);
	OFFSET(statvfs64_f_favail, struct statvfs64, f_favail);

	/* errno values the backend names */
	ABI(EPERM, EPERM); ABI(ENOENT, ENOENT); ABI(ESRCH, ESRCH); ABI(EINTR, EINTR);
	ABI(EIO, EIO); ABI(ENXIO, ENXIO); ABI(E2BIG, E2BIG); ABI(ENOEXEC, ENOEXEC);
	ABI(EBADF, EBADF); ABI(ECHILD, ECHILD); ABI(EAGAIN, EAGAIN); ABI(ENOMEM, ENOMEM);
	ABI(EACCES, EACCES); ABI(EFAULT, EFAULT); ABI(ENOTBLK, ENOTBLK); ABI(EBUSY, EBUSY);
	ABI(EEXIST, EEXIST); ABI(EXDEV, EXDEV); ABI(ENODEV, ENODEV); ABI(ENOTDIR, ENOTDIR);
	ABI(EISDIR, EISDIR); ABI(EINVAL, EINVAL); ABI(ENFILE, ENFILE); ABI(EMFILE, EMFILE);
	ABI(ENOTTY, ENOTTY); ABI(ETXTBSY, ETXTBSY); ABI(EFBIG, EFBIG); ABI(ENOSPC, ENOSPC);
	ABI(ESPIPE, ESPIPE); ABI(EROFS, EROFS); ABI(EMLINK, EMLINK); ABI(EPIPE, EPIPE);
	ABI(EDOM, EDOM); ABI(ERANGE, ERANGE); ABI(EDEADLK, EDEADLK);
	ABI(ENAMETOOLONG, ENAMETOOLONG); ABI(ENOLCK, ENOLCK); ABI(ENOSYS, ENOSYS);
	ABI(ENOTEMPTY, ENOTEMPTY); ABI(ELOOP, ELOOP); ABI(ENODATA, ENODATA);
	ABI(EOVERFLOW, EOVERFLOW); ABI(EOPNOTSUPP, EOPNOTSUPP); ABI(ENOTCONN, ENOTCONN);
	ABI(ETIMEDOUT, ETIMEDOUT); ABI(ESTALE, ESTALE); ABI(EUCLEAN, EUCLEAN);
	ABI(EREMOTEIO, EREMOTEIO); ABI(EDQUOT, EDQUOT); ABI(ENOMEDIUM, ENOMEDIUM);
	ABI(EMEDIUMTYPE, EMEDIUMTYPE); ABI(ECANCELED, ECANCELED);
}
