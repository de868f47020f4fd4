package io.github.drivespeed.nativeio;

import java.nio.charset.Charset;
import java.nio.file.Path;

/** A path as the NUL-terminated bytes a system call takes, in the JDK's file-name encoding. */
final class PathBytes {

    private static final Charset ENCODING = encoding();

    private PathBytes() {
    }

    private static Charset encoding() {
        String name = System.getProperty("sun.jnu.encoding");
        try {
            return name != null ? Charset.forName(name) : Charset.defaultCharset();
        } catch (IllegalArgumentException e) {
            return Charset.defaultCharset();
        }
    }

    /**
     * @param path a path
     * @return its bytes followed by a NUL
     */
    static byte[] of(Path path) {
        byte[] bytes = path.toString().getBytes(ENCODING);
        byte[] terminated = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, terminated, 0, bytes.length);
        return terminated;
    }
}
