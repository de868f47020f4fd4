package io.github.drivespeed.testing;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.progress.ProgressListener;
import io.github.drivespeed.report.PassKind;
import io.github.drivespeed.report.SpeedReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A measurement in another JVM that pauses in the middle of its first measured write pass until
 * told to go on: lets a test kill it there, or run a second measurement beside it.
 *
 * <p>Protocol, through files in a control directory: when {@code pauseAfterBytes} bytes of the
 * write pass of run 1 are written, the child creates {@code paused} and waits for {@code go}. It
 * prints {@code measured} and exits 0 when the measurement succeeded, else prints the failure and
 * exits 3. Its output goes to {@code output.txt} in the control directory.
 */
public final class ChildMeasurement {

    private static final String PAUSED = "paused";
    private static final String GO = "go";
    private static final String OUTPUT = "output.txt";

    private ChildMeasurement() {
    }

    /**
     * The child's entry point.
     *
     * @param args target directory, control directory, block size, count, pause after bytes
     */
    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        Path control = Path.of(args[1]);
        long pauseAfterBytes = Long.parseLong(args[4]);
        try {
            SpeedReport report = DriveSpeed.on(dir).blockSize(args[2])
                    .count(Long.parseLong(args[3])).runs(1)
                    .listener(new ProgressListener() {
                        private boolean paused;

                        @Override
                        public void bytesTransferred(PassKind pass, int run, long done, long total) {
                            if (!paused && pass == PassKind.WRITE && done >= pauseAfterBytes) {
                                paused = true;
                                pause(control);
                            }
                        }
                    }).run();
            System.out.println("measured " + report.write().samples().get(0).bytes());
            System.exit(0);
        } catch (IOException | RuntimeException e) {
            System.out.println("failed: " + e);
            System.exit(3);
        }
    }

    private static void pause(Path control) {
        try {
            Files.writeString(control.resolve(PAUSED), Long.toString(ProcessHandle.current().pid()));
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (!Files.exists(control.resolve(GO)) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts a child measuring in {@code dir} ({@code runs(1)}, O_DIRECT, random data).
     *
     * @param dir the target directory
     * @param control an empty directory for the protocol files and the child's output
     * @param blockSize the block size, for example {@code 64K}
     * @param count blocks per pass
     * @param pauseAfterBytes bytes of the first measured write pass after which it pauses
     * @return the child process
     * @throws IOException if it cannot be started
     */
    public static Process start(Path dir, Path control, String blockSize, long count,
            long pauseAfterBytes) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ChildMeasurement.class.getName(), dir.toString(), control.toString(), blockSize,
                Long.toString(count), Long.toString(pauseAfterBytes))
                .redirectErrorStream(true)
                .redirectOutput(control.resolve(OUTPUT).toFile())
                .start();
    }

    /**
     * Waits until the child has paused mid-pass.
     *
     * @param child the process from {@link #start}
     * @param control its control directory
     * @throws IOException if it exited or did not pause within two minutes (the message holds its
     *     output)
     * @throws InterruptedException if interrupted while waiting
     */
    public static void awaitPaused(Process child, Path control)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(control.resolve(PAUSED))) {
            if (!child.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("the child measurement did not pause (alive: "
                        + child.isAlive() + "): " + output(control));
            }
            Thread.sleep(10);
        }
    }

    /**
     * Lets a paused child go on.
     *
     * @param control its control directory
     * @throws IOException if the signal file cannot be written
     */
    public static void resume(Path control) throws IOException {
        Files.writeString(control.resolve(GO), "go");
    }

    /**
     * @param control the child's control directory
     * @return what the child printed so far
     * @throws IOException if it cannot be read
     */
    public static String output(Path control) throws IOException {
        Path out = control.resolve(OUTPUT);
        return Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8).strip() : "";
    }
}
