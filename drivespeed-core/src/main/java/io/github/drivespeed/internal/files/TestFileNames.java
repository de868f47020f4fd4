package io.github.drivespeed.internal.files;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of visible test files: {@code drivespeed-<pid>-<nonce>.tmp}, where the nonce is 16 hex
 * digits. A file so named whose process is gone is a leftover of a killed run.
 */
public final class TestFileNames {

    private static final Pattern NAME = Pattern.compile("drivespeed-(\\d{1,19})-([0-9a-f]{16})\\.tmp");
    private static final SecureRandom RANDOM = new SecureRandom();

    private TestFileNames() {
    }

    /** {@return a fresh name for this process} */
    public static String newName() {
        byte[] nonce = new byte[8];
        RANDOM.nextBytes(nonce);
        return "drivespeed-" + ProcessHandle.current().pid() + "-" + HexFormat.of().formatHex(nonce)
                + ".tmp";
    }

    /**
     * The process id in a test file's name.
     *
     * @param fileName a file name
     * @return the pid, or empty when the name is not a drivespeed test file's
     */
    public static OptionalLong ownerPid(String fileName) {
        Matcher m = NAME.matcher(fileName);
        if (!m.matches()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(m.group(1)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
