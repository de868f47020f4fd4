package io.github.drivespeed.nativeio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts {@link ChildRun} in a child JVM with this test's class path, or part of it. */
final class ChildProcesses {

    private ChildProcesses() {
    }

    /** @return this JVM's class path entries */
    static List<String> classPath() {
        return List.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator));
    }

    /**
     * @param classPath entries for the child
     * @param args {@link ChildRun}'s arguments
     * @return the started child, stderr merged into stdout
     * @throws IOException if it cannot be started
     */
    static Process start(List<String> classPath, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(java.io.File.pathSeparator, classPath),
                ChildRun.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /**
     * Reads the child's output until a line equals {@code wanted}.
     *
     * @return everything read, the wanted line last
     * @throws IOException if the output ends first (with what was read)
     */
    static String awaitLine(Process p, String wanted) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line; (line = r.readLine()) != null; ) {
            seen.append(line).append('\n');
            if (line.equals(wanted)) {
                return seen.toString();
            }
        }
        throw new IOException("the child ended without printing " + wanted + ": " + seen);
    }
}
