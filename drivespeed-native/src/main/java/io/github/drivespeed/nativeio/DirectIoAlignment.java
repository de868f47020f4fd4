package io.github.drivespeed.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The alignment O_DIRECT needs for files in a directory, from the most exact source available:
 * <ol>
 *   <li>statx(2) STATX_DIOALIGN (Linux 6.1+) on an unnamed O_TMPFILE in the directory (file
 *       systems report it for regular files only): the larger of {@code stx_dio_offset_align}
 *       and {@code stx_dio_mem_align};</li>
 *   <li>else the logical block size of the device holding the directory, from sysfs
 *       ({@code /sys/dev/block/MAJ:MIN/queue/logical_block_size}, the BLKSSZGET figure, readable
 *       without root);</li>
 *   <li>else (no block device: tmpfs, network and FUSE file systems) the file system's block size
 *       (statvfs(3) {@code f_frsize}), which is what the JDK requires.</li>
 * </ol>
 */
final class DirectIoAlignment {

    private static final Logger LOG = LoggerFactory.getLogger(DirectIoAlignment.class);

    /** STATX_DIOALIGN, include/uapi/linux/stat.h. */
    static final int STATX_DIOALIGN = 0x2000;
    /** sizeof(struct statx), include/uapi/linux/stat.h (the same on every architecture). */
    static final int STATX_SIZE = 256;
    static final int OFFSET_STX_MASK = 0;
    static final int OFFSET_STX_DIO_MEM_ALIGN = 152;
    static final int OFFSET_STX_DIO_OFFSET_ALIGN = 156;

    private DirectIoAlignment() {
    }

    /**
     * @param libc the C library
     * @param constants the architecture's flags
     * @param directory an existing directory
     * @return the alignment in bytes, a power of two
     * @throws IOException if the directory cannot be examined
     */
    static int of(Libc libc, LinuxConstants constants, Path directory) throws IOException {
        OptionalInt statx = fromStatx(libc, constants, directory);
        if (statx.isPresent()) {
            LOG.debug("direct-I/O alignment of {}: {} bytes (statx STATX_DIOALIGN)", directory,
                    statx.getAsInt());
            return statx.getAsInt();
        }
        OptionalInt logical = logicalBlockSize(directory);
        if (logical.isPresent()) {
            LOG.debug("direct-I/O alignment of {}: {} bytes (logical block size)", directory,
                    logical.getAsInt());
            return logical.getAsInt();
        }
        int fsBlock = Math.toIntExact(Files.getFileStore(directory).getBlockSize());
        LOG.debug("direct-I/O alignment of {}: {} bytes (file system block size)", directory,
                fsBlock);
        return fsBlock;
    }

    static OptionalInt fromStatx(Libc libc, LinuxConstants constants, Path directory) {
        int fd = libc.open(PathBytes.of(directory),
                constants.oTmpfile() | constants.oRdwr() | constants.oCloexec(), 0600);
        if (fd < 0) {
            return OptionalInt.empty(); // no O_TMPFILE here: the next source will do
        }
        try (Memory buffer = new Memory(STATX_SIZE)) {
            buffer.clear();
            int rc = libc.statx(fd, new byte[] {0}, LinuxConstants.AT_EMPTY_PATH, STATX_DIOALIGN,
                    Pointer.nativeValue(buffer));
            if (rc != 0 || (buffer.getInt(OFFSET_STX_MASK) & STATX_DIOALIGN) == 0) {
                return OptionalInt.empty();
            }
            int offsetAlign = buffer.getInt(OFFSET_STX_DIO_OFFSET_ALIGN);
            int memAlign = buffer.getInt(OFFSET_STX_DIO_MEM_ALIGN);
            if (offsetAlign <= 0 || Integer.bitCount(offsetAlign) != 1) {
                return OptionalInt.empty(); // 0: no direct I/O for this file; open will say so
            }
            return OptionalInt.of(Math.max(offsetAlign,
                    memAlign > 0 && Integer.bitCount(memAlign) == 1 ? memAlign : 1));
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            LOG.debug("statx is not available: {}", e.toString());
            return OptionalInt.empty();
        } finally {
            libc.close(fd);
        }
    }

    /** The logical block size of the block device holding {@code directory}, from sysfs. */
    static OptionalInt logicalBlockSize(Path directory) {
        long dev;
        try {
            dev = ((Number) Files.getAttribute(directory, "unix:dev")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return OptionalInt.empty();
        }
        // glibc's dev_t encoding (gnu_dev_major, gnu_dev_minor)
        long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
        long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
        if (major == 0) {
            return OptionalInt.empty(); // anonymous device: tmpfs, overlay, NFS, btrfs subvolumes
        }
        Path device = Path.of("/sys/dev/block/" + major + ":" + minor);
        for (Path queue : new Path[] {device.resolve("queue"), device.resolve("../queue")}) {
            Path file = queue.resolve("logical_block_size");
            try {
                int size = Integer.parseInt(Files.readString(file).trim());
                if (size > 0 && Integer.bitCount(size) == 1) {
                    return OptionalInt.of(size);
                }
            } catch (IOException | NumberFormatException e) {
                // a partition has no queue of its own: its disk's is one level up
            }
        }
        return OptionalInt.empty();
    }
}
