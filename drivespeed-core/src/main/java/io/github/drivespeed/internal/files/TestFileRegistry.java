package io.github.drivespeed.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Named test files currently open in this JVM, removed by a shutdown hook if the JVM exits while
 * a measurement runs (for example on Ctrl-C). SIGKILL cannot be caught; its leftovers are removed
 * by {@link LeftoverFiles} on a later run.
 */
final class TestFileRegistry {

    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
    private static volatile boolean hookInstalled;
    /** Set when the hook starts: a file registered after it is removed at once. */
    private static volatile boolean exiting;

    private TestFileRegistry() {
    }

    static void register(Path file) {
        installHook();
        OPEN.add(file);
        // The measuring thread runs on while the JVM exits: a file it creates after the hook
        // went through the set would outlive the process. Set first, then the flag read: the
        // hook either sees the file or the file sees the flag.
        if (exiting) {
            remove(file);
        }
    }

    static void unregister(Path file) {
        OPEN.remove(file);
    }

    /**
     * Installs the shutdown hook, once; before a test file is created. Where the JVM is exiting
     * already, every file registered from now on is removed at once.
     */
    static void installHook() {
        if (hookInstalled) {
            return;
        }
        synchronized (TestFileRegistry.class) {
            if (!hookInstalled) {
                Thread hook = new Thread(TestFileRegistry::removeAll, "drivespeed-cleanup");
                try {
                    Runtime.getRuntime().addShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // The JVM is already exiting (its hooks may have run): a file registered
                    // now is removed at once, and the run's own clean-up does the rest.
                    exiting = true;
                    return;
                }
                hookInstalled = true;
            }
        }
    }

    private static void removeAll() {
        exiting = true;
        for (Path file : OPEN) {
            remove(file);
        }
    }

    private static void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the JVM is exiting; nothing else can be done
        }
    }
}
