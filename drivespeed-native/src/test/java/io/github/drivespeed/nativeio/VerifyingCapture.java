package io.github.drivespeed.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.testing.GeneratedData;
import io.github.drivespeed.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks each test file right after its write pass (complete and synced) against the generator,
 * reading it independently: the named file, or an unnamed one through {@code /proc/self/fd}.
 */
final class VerifyingCapture implements ProgressListener {

    private final Path dir;
    private final long blockBytes;
    private final long count;
    private final List<Long> nonces = new ArrayList<>();

    VerifyingCapture(Path dir, long blockBytes, long count) {
        this.dir = dir;
        this.blockBytes = blockBytes;
        this.count = count;
    }

    /** @return the nonce of each verified file, one per measured run */
    List<Long> nonces() {
        return nonces;
    }

    @Override
    public void passFinished(PassKind pass, Sample sample) {
        if (pass != PassKind.WRITE) {
            return;
        }
        try {
            List<Path> files = TestFiles.readableTestFiles(dir);
            assertThat(files).as("test files in " + dir).hasSize(1);
            nonces.add(GeneratedData.verify(files.get(0), blockBytes, count));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
