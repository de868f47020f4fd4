package io.github.drivespeed.testing;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.ForwardingTestFile;
import io.github.drivespeed.spi.TestFile;
import io.github.drivespeed.spi.TestFileRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The pure-Java backend, checking that no two test files share a name and that every byte read
 * back from a test file is the byte written to that same file: if two measurements ever shared a
 * file, one would read the other's data and the read throws {@link AssertionError}. Keeps a copy
 * of each file's bytes in memory: for small tests only.
 */
public final class CheckingBackend extends ForwardingBackend {

    private final Set<Path> created = ConcurrentHashMap.newKeySet();
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private final long maxFileBytes;

    /** @param maxFileBytes the largest test file a measurement will write */
    public CheckingBackend(long maxFileBytes) {
        this.maxFileBytes = maxFileBytes;
    }

    /** @return every test file created, by path */
    public Set<Path> created() {
        return Set.copyOf(created);
    }

    /** @return what went wrong: a name used twice, or bytes read that this file was not written with */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    protected TestFile wrap(TestFile file, TestFileRequest request) {
        Path path = file.path().orElseThrow();
        if (!created.add(path)) {
            problems.add("test file created twice: " + path);
        }
        byte[] written = new byte[Math.toIntExact(maxFileBytes)];
        return new ForwardingTestFile(file) {
            @Override
            public long write(AlignedBuffer src, long srcOffset, long length, long position)
                    throws IOException {
                long n = super.write(src, srcOffset, length, position);
                src.window(srcOffset, (int) n).get(written, (int) position, (int) n);
                return n;
            }

            @Override
            public long read(AlignedBuffer dst, long dstOffset, long length, long position)
                    throws IOException {
                long n = super.read(dst, dstOffset, length, position);
                if (n > 0) {
                    ByteBuffer read = dst.window(dstOffset, (int) n);
                    if (!read.equals(ByteBuffer.wrap(written, (int) position, (int) n))) {
                        String problem = path + ": bytes read at offset " + position
                                + " are not the bytes written there";
                        problems.add(problem);
                        throw new AssertionError(problem);
                    }
                }
                return n;
            }
        };
    }
}
