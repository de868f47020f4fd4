package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.testing.Privileged;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every number the Java side hands to glibc and the kernel, for each architecture the backend
 * supports, against what that architecture's C headers say: {@code src/test/c/kernel_abi.c}
 * compiled with its compiler (Debian's {@code x86_64-linux-gnu-gcc}, {@code
 * aarch64-linux-gnu-gcc}, {@code arm-linux-gnueabihf-gcc}, with their glibc and kernel uapi
 * headers), assembly only, nothing run: open(2) flags, ioctl and system-call numbers, the
 * widths of pointers, {@code long}, {@code size_t}, {@code off_t} and {@code aio_context_t}, and
 * the sizes and offsets of iovec, iocb, io_event, io_uring_params, the SQE, the CQE, statx and
 * statvfs64, and the errno values. Skipped with the reason where the compiler is missing; a
 * failure under {@code CI=true} as root, where {@code .ci/run} installs them.
 */
class KernelAbiTest {

    private static final Path SOURCE = Path.of("src/test/c/kernel_abi.c");
    private static final Pattern VALUE = Pattern.compile("@abi (\\w+) [$#]?(-?\\d+)");
    private static final Pattern ABSENT = Pattern.compile("@abi-absent (\\w+)");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"x86_64", "aarch64", "arm"})
    void theJavaSideUsesWhatTheArchitecturesHeadersDefine(String arch) throws Exception {
        Optional<String> compiler = compiler(arch);
        Privileged.require(compiler.isPresent(), "a C compiler for " + arch + " ("
                + crossCompiler(arch) + " on PATH; Debian: apt-get install "
                + debianPackage(arch) + ")");
        Headers c = compile(compiler.get());
        LinuxConstants constants = LinuxConstants.forArchitecture(arch).orElseThrow();
        SyscallNumbers numbers = SyscallNumbers.forArchitecture(constants).orElseThrow();
        Map<String, Long> java = javaSide(constants, numbers);

        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Long> e : java.entrySet()) {
            Long header = c.values().get(e.getKey());
            if (header == null) {
                assertThat(c.absent()).as("%s: neither defined nor marked absent by %s",
                        e.getKey(), SOURCE).contains(e.getKey());
            } else if (!header.equals(e.getValue())) {
                wrong.add(e.getKey() + ": Java " + e.getValue() + ", " + arch + " headers "
                        + header);
            }
        }
        assertThat(wrong).as("Java constants that differ from %s's headers", arch).isEmpty();
        assertThat(c.values().keySet()).as("every header value has a Java counterpart")
                .containsAll(java.keySet().stream().filter(k -> !c.absent().contains(k)).toList());

        // what the Java side never passes must not hide in the flags it does pass
        long javaFlags = constants.oRdwr() | constants.oCreat() | constants.oExcl()
                | constants.oDsync() | constants.oDirect() | constants.oCloexec()
                | constants.oTmpfile();
        assertThat(javaFlags & c.values().get("O_LARGEFILE")).as("O_LARGEFILE (added by open64"
                + " where the kernel needs it)").isZero();
        assertThat(javaFlags & c.values().get("O_NOFOLLOW")).as("O_NOFOLLOW").isZero();
        assertThat(constants.oDirect() & c.values().get("O_DIRECTORY"))
                .as("O_DIRECT must not be this architecture's O_DIRECTORY").isZero();
        assertThat(c.values().get("sizeof_statvfs64"))
                .isLessThanOrEqualTo((long) FileSystemStats.STATVFS_BYTES);
    }

    /** The value of each name in {@link #SOURCE}, as the Java side has it for {@code c}. */
    static Map<String, Long> javaSide(LinuxConstants c, SyscallNumbers n) {
        Map<String, Long> m = new LinkedHashMap<>();
        long word = c.pointerBytes();
        m.put("sizeof_pointer", word);
        m.put("sizeof_long", word);
        m.put("sizeof_size_t", word);
        // offsets travel as Java longs, to pread64/pwrite64/lseek64/mmap64 on 32-bit Linux
        m.put("sizeof_off_t", (long) Long.BYTES);
        m.put("sizeof_aio_context_t", word);
        m.put("sizeof_iovec", (long) Iovec.bytes(c));
        m.put("iovec_iov_len", word);

        m.put("O_RDONLY", (long) c.oRdonly());
        m.put("O_RDWR", (long) c.oRdwr());
        m.put("O_CREAT", (long) c.oCreat());
        m.put("O_EXCL", (long) c.oExcl());
        m.put("O_DSYNC", (long) c.oDsync());
        m.put("O_DIRECT", (long) c.oDirect());
        m.put("O_CLOEXEC", (long) c.oCloexec());
        m.put("O_TMPFILE", (long) c.oTmpfile());
        m.put("AT_FDCWD", (long) LinuxConstants.AT_FDCWD);
        m.put("AT_EMPTY_PATH", (long) LinuxConstants.AT_EMPTY_PATH);
        m.put("SEEK_END", (long) LinuxConstants.SEEK_END);

        m.put("BLKGETSIZE64", c.blkGetSize64());
        m.put("BLKSSZGET", c.blkSszGet());
        m.put("BLKPBSZGET", c.blkPbszGet());
        m.put("BLKFLSBUF", LinuxConstants.BLKFLSBUF);
        m.put("BLKROGET", LinuxConstants.BLKROGET);
        m.put("FS_IOC_GETFLAGS", c.fsIocGetflags());
        m.put("FS_IOC_SETFLAGS", c.fsIocSetflags());
        m.put("FS_NOCOW_FL", (long) LinuxConstants.FS_NOCOW_FL);
        m.put("RWF_NOWAIT", (long) NowaitReads.RWF_NOWAIT);

        m.put("PROT_READ", (long) c.protRead());
        m.put("PROT_WRITE", (long) c.protWrite());
        m.put("MAP_SHARED", (long) c.mapShared());
        m.put("MAP_PRIVATE", (long) c.mapPrivate());
        m.put("MAP_ANONYMOUS", (long) c.mapAnonymous());
        m.put("MAP_POPULATE", (long) UringRings.MAP_POPULATE);
        m.put("MADV_HUGEPAGE", (long) LinuxConstants.MADV_HUGEPAGE);
        m.put("MADV_POPULATE_WRITE", (long) LinuxConstants.MADV_POPULATE_WRITE);
        m.put("POSIX_FADV_NORMAL", (long) LinuxConstants.POSIX_FADV_NORMAL);
        m.put("POSIX_FADV_RANDOM", (long) LinuxConstants.POSIX_FADV_RANDOM);
        m.put("POSIX_FADV_DONTNEED", (long) c.posixFadvDontneed());

        m.put("__NR_io_setup", n.ioSetup());
        m.put("__NR_io_destroy", n.ioDestroy());
        m.put("__NR_io_submit", n.ioSubmit());
        m.put("__NR_io_getevents", n.ioGetevents());
        m.put("__NR_io_uring_setup", n.ioUringSetup());
        m.put("__NR_io_uring_enter", n.ioUringEnter());
        m.put("__NR_io_uring_register", n.ioUringRegister());
        m.put("__NR_cachestat", LinuxConstants.SYS_CACHESTAT);

        m.put("sizeof_iocb", (long) AioQueue.IOCB_BYTES);
        m.put("iocb_aio_data", (long) AioQueue.IOCB_DATA);
        m.put("iocb_aio_lio_opcode", (long) AioQueue.IOCB_LIO_OPCODE);
        m.put("iocb_aio_fildes", (long) AioQueue.IOCB_FILDES);
        m.put("iocb_aio_buf", (long) AioQueue.IOCB_BUF);
        m.put("iocb_aio_nbytes", (long) AioQueue.IOCB_NBYTES);
        m.put("iocb_aio_offset", (long) AioQueue.IOCB_OFFSET);
        m.put("sizeof_io_event", (long) AioQueue.EVENT_BYTES);
        m.put("io_event_data", (long) AioQueue.EVENT_DATA);
        m.put("io_event_res", (long) AioQueue.EVENT_RES);
        m.put("IOCB_CMD_PREAD", (long) AioQueue.IOCB_CMD_PREAD);
        m.put("IOCB_CMD_PWRITE", (long) AioQueue.IOCB_CMD_PWRITE);

        m.put("sizeof_io_uring_params", (long) UringRings.PARAMS_BYTES);
        m.put("params_sq_entries", (long) UringRings.PARAMS_SQ_ENTRIES);
        m.put("params_cq_entries", (long) UringRings.PARAMS_CQ_ENTRIES);
        m.put("params_flags", (long) UringRings.PARAMS_FLAGS);
        m.put("params_features", (long) UringRings.PARAMS_FEATURES);
        m.put("params_sq_off_head", (long) UringRings.PARAMS_SQ_OFF_HEAD);
        m.put("params_sq_off_tail", (long) UringRings.PARAMS_SQ_OFF_TAIL);
        m.put("params_sq_off_ring_mask", (long) UringRings.PARAMS_SQ_OFF_RING_MASK);
        m.put("params_sq_off_array", (long) UringRings.PARAMS_SQ_OFF_ARRAY);
        m.put("params_cq_off_head", (long) UringRings.PARAMS_CQ_OFF_HEAD);
        m.put("params_cq_off_tail", (long) UringRings.PARAMS_CQ_OFF_TAIL);
        m.put("params_cq_off_ring_mask", (long) UringRings.PARAMS_CQ_OFF_RING_MASK);
        m.put("params_cq_off_cqes", (long) UringRings.PARAMS_CQ_OFF_CQES);
        m.put("sizeof_io_uring_sqe", (long) UringRings.SQE_BYTES);
        m.put("sqe_opcode", (long) UringQueue.SQE_OPCODE);
        m.put("sqe_flags", (long) UringQueue.SQE_FLAGS);
        m.put("sqe_fd", (long) UringQueue.SQE_FD);
        m.put("sqe_off", (long) UringQueue.SQE_OFF);
        m.put("sqe_addr", (long) UringQueue.SQE_ADDR);
        m.put("sqe_len", (long) UringQueue.SQE_LEN);
        m.put("sqe_user_data", (long) UringQueue.SQE_USER_DATA);
        m.put("sqe_buf_index", (long) UringQueue.SQE_BUF_INDEX);
        m.put("sizeof_io_uring_cqe", (long) UringRings.CQE_BYTES);
        m.put("cqe_user_data", (long) UringQueue.CQE_USER_DATA);
        m.put("cqe_res", (long) UringQueue.CQE_RES);
        m.put("IORING_OFF_SQ_RING", UringRings.IORING_OFF_SQ_RING);
        m.put("IORING_OFF_CQ_RING", UringRings.IORING_OFF_CQ_RING);
        m.put("IORING_OFF_SQES", UringRings.IORING_OFF_SQES);
        m.put("IORING_SETUP_COOP_TASKRUN", (long) UringRings.IORING_SETUP_COOP_TASKRUN);
        m.put("IORING_FEAT_SINGLE_MMAP", (long) UringRings.IORING_FEAT_SINGLE_MMAP);
        m.put("IORING_REGISTER_BUFFERS", (long) UringRings.IORING_REGISTER_BUFFERS);
        m.put("IORING_REGISTER_FILES", (long) UringRings.IORING_REGISTER_FILES);
        m.put("IORING_UNREGISTER_FILES", (long) UringRings.IORING_UNREGISTER_FILES);
        m.put("IORING_OP_READ_FIXED", (long) UringQueue.IORING_OP_READ_FIXED);
        m.put("IORING_OP_WRITE_FIXED", (long) UringQueue.IORING_OP_WRITE_FIXED);
        m.put("IORING_OP_READ", (long) UringQueue.IORING_OP_READ);
        m.put("IORING_OP_WRITE", (long) UringQueue.IORING_OP_WRITE);
        m.put("IOSQE_FIXED_FILE", (long) UringQueue.IOSQE_FIXED_FILE);
        m.put("IORING_ENTER_GETEVENTS", (long) UringQueue.IORING_ENTER_GETEVENTS);

        m.put("sizeof_statx", (long) DirectIoAlignment.STATX_SIZE);
        m.put("statx_stx_mask", (long) DirectIoAlignment.OFFSET_STX_MASK);
        m.put("statx_stx_dio_mem_align", (long) DirectIoAlignment.OFFSET_STX_DIO_MEM_ALIGN);
        m.put("statx_stx_dio_offset_align",
                (long) DirectIoAlignment.OFFSET_STX_DIO_OFFSET_ALIGN);
        m.put("STATX_DIOALIGN", (long) DirectIoAlignment.STATX_DIOALIGN);

        m.put("statvfs64_f_files", (long) (c.lp64() ? FileSystemStats.LP64_F_FILES
                : FileSystemStats.ILP32_F_FILES));
        m.put("statvfs64_f_favail", (long) (c.lp64() ? FileSystemStats.LP64_F_FAVAIL
                : FileSystemStats.ILP32_F_FAVAIL));

        Errno.names().forEach((number, name) -> m.put(name, (long) number));
        return m;
    }

    /** What one compilation of {@link #SOURCE} said. */
    private record Headers(Map<String, Long> values, TreeSet<String> absent) { }

    private static Headers compile(String compiler) throws IOException, InterruptedException {
        List<String> command = List.of(compiler, "-std=c11", "-Wall", "-Wextra", "-Werror", "-S",
                "-o", "-", SOURCE.toString());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
        String assembly = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s\n%s", String.join(" ", command), errors).isZero();
        Map<String, Long> values = new LinkedHashMap<>();
        Matcher m = VALUE.matcher(assembly);
        while (m.find()) {
            values.put(m.group(1), Long.parseLong(m.group(2)));
        }
        TreeSet<String> absent = new TreeSet<>();
        Matcher a = ABSENT.matcher(assembly);
        while (a.find()) {
            absent.add(a.group(1));
        }
        assertThat(values).as("values in the assembly of %s", SOURCE).isNotEmpty();
        return new Headers(values, absent);
    }

    static String crossCompiler(String arch) {
        switch (arch) {
            case "x86_64":
                return "x86_64-linux-gnu-gcc";
            case "aarch64":
                return "aarch64-linux-gnu-gcc";
            default:
                return "arm-linux-gnueabihf-gcc";
        }
    }

    private static String debianPackage(String arch) {
        switch (arch) {
            case "x86_64":
                return "gcc-x86-64-linux-gnu (or gcc on x86_64)";
            case "aarch64":
                return "gcc-aarch64-linux-gnu";
            default:
                return "gcc-arm-linux-gnueabihf";
        }
    }

    /** The cross compiler on PATH, else {@code gcc} on a host of that architecture. */
    static Optional<String> compiler(String arch) {
        List<String> names = new ArrayList<>(List.of(crossCompiler(arch)));
        String host = LinuxConstants.forArchitecture(System.getProperty("os.arch", ""))
                .map(LinuxConstants::architecture).orElse("");
        if (host.equals(arch)) {
            names.add("gcc");
        }
        for (String name : names) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                    return Optional.of(name);
                }
            }
        }
        return Optional.empty();
    }
}
