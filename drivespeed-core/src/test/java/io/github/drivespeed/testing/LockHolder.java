package io.github.drivespeed.testing;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A child process that holds an fcntl(2) write lock on a file until its standard input closes,
 * standing in for a measurement in another PID namespace or on another host.
 */
public final class LockHolder {

    private LockHolder() {
    }

    /**
     * Locks the file, prints {@code locked}, waits for end of input, then exits.
     *
     * @param args the file to lock
     * @throws Exception on any failure
     */
    public static void main(String[] args) throws Exception {
        try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE);
             FileLock lock = channel.lock()) {
            System.out.println("locked " + lock.isValid());
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for the parent to close our input
            }
        }
    }
}
