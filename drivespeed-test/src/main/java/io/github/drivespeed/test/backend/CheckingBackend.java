package io.github.drivespeed.test.backend;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import io.github.drivespeed.unit.DataSize;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The pure-Java backend, keeping an in-memory copy of every byte written to each test file and
 * checking that every byte read back from a test file is the byte written to that same file,
 * and that no two test files share a name: if two measurements ever shared a file (two plans
 * run at once in one directory), one would read the other's data, and the read throws
 * {@link AssertionError}. For small tests only: each file's bytes are held in memory, up to the
 * size given.
 *
 * @since 0.1.0
 */
public final class CheckingBackend extends ForwardingBackend {

    private final Set<Path> created = ConcurrentHashMap.newKeySet();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private final int maxFileBytes;

    private CheckingBackend(long maxFileBytes) {
        super(DriveSpeed.backend("java"));
        if (maxFileBytes <= 0 || maxFileBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxFileBytes must be in [1, " + Integer.MAX_VALUE
                    + "]: " + maxFileBytes);
        }
        this.maxFileBytes = (int) maxFileBytes;
    }

    /**
     * A backend that checks every byte read back from a test file is the byte written to it, for
     * files up to {@code maxFileSize}.
     *
     * @param maxFileSize the largest test file a measurement will write: more than 0 bytes and
     *     at most {@link Integer#MAX_VALUE} bytes
     * @return the backend, over the pure-Java one
     * @throws NullPointerException if {@code maxFileSize} is null
     * @throws IllegalArgumentException if out of that range
     */
    public static CheckingBackend limitedTo(DataSize maxFileSize) {
        return new CheckingBackend(Objects.requireNonNull(maxFileSize, "maxFileSize").bytes());
    }

    /** {@return every named test file created, by path} */
    public Set<Path> created() {
        return Set.copyOf(created);
    }

    /**
     * {@return what went wrong, in order: a name used twice, bytes read that this file was not
     * written with, a write beyond {@code maxFileBytes}; empty when all was well}
     */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    protected TestFile wrap(TestFile file, TestFileRequest request) {
        String name = file.displayName();
        file.path().ifPresent(path -> {
            if (!created.add(path)) {
                problems.add("test file created twice: " + path);
            }
        });
        byte[] written = new byte[maxFileBytes];
        return new ForwardingTestFile(file) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                if (position + length > maxFileBytes) {
                    fail(name + ": write of " + length + " bytes at offset " + position
                            + " goes beyond maxFileBytes " + maxFileBytes);
                }
                long n = super.write(src, srcOffset, length, position);
                src.window(srcOffset, (int) n).get(written, (int) position, (int) n);
                return n;
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                long n = super.read(dst, dstOffset, length, position);
                if (n > 0) {
                    if (position + n > maxFileBytes) {
                        fail(name + ": read of " + n + " bytes at offset " + position
                                + " goes beyond maxFileBytes " + maxFileBytes);
                    }
                    ByteBuffer read = dst.window(dstOffset, (int) n);
                    if (!read.equals(ByteBuffer.wrap(written, (int) position, (int) n))) {
                        fail(name + ": bytes read at offset " + position
                                + " are not the bytes written there");
                    }
                }
                return n;
            }
        };
    }

    private void fail(String problem) {
        problems.add(problem);
        throw new AssertionError(problem);
    }
}
