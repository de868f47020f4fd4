package io.github.drivespeed.cli.run;

import java.io.PrintWriter;

/** A failure as the command reports it: one line on standard error, and an exit code. */
public final class ErrorLine {

    private ErrorLine() {
    }

    /**
     * Prints {@code drivespeed: MESSAGE} as one line: control characters (a newline in a path)
     * are escaped.
     *
     * @param err standard error
     * @param message what failed
     * @param code the exit code to return
     * @return {@code code}
     */
    public static int print(PrintWriter err, String message, int code) {
        StringBuilder line = new StringBuilder("drivespeed: ");
        for (char c : String.valueOf(message).toCharArray()) {
            if (c == '\n') {
                line.append("\\n");
            } else if (Character.isISOControl(c)) {
                line.append(String.format("\\x%02x", (int) c));
            } else {
                line.append(c);
            }
        }
        err.println(line);
        err.flush();
        return code;
    }
}
