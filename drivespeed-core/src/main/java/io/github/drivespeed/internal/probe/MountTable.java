package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.DeviceNumber;
import io.github.drivespeed.target.MountInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The mounts of {@code /proc/self/mountinfo}, in the kernel's order, and the lookup of the mount
 * holding a path.
 *
 * <p>Line format (proc(5); kernel {@code Documentation/filesystems/proc.rst}, 3.5):
 * {@code 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue}: mount
 * ID, parent ID, major:minor, root, mount point, per-mount options, zero or more optional fields,
 * a {@code -}, file-system type, source, super-block options. Space, tab, newline and backslash
 * in paths are written as octal escapes ({@code \040}, {@code \011}, {@code \012}, {@code \134}).
 */
public final class MountTable {

    /** Fields before the optional ones: ID, parent ID, major:minor, root, mount point, options. */
    private static final int FIXED_FIELDS = 6;

    private final List<MountInfo> mounts;

    private MountTable(List<MountInfo> mounts) {
        this.mounts = List.copyOf(mounts);
    }

    /**
     * Parses the text of a mountinfo file. Lines that do not have the documented shape are
     * skipped.
     *
     * @param text the file's content
     * @return the table, in the file's order
     */
    public static MountTable parse(String text) {
        Objects.requireNonNull(text, "text");
        List<MountInfo> mounts = new ArrayList<>();
        for (String line : text.split("\n")) {
            parseLine(line).ifPresent(mounts::add);
        }
        return new MountTable(mounts);
    }

    private static Optional<MountInfo> parseLine(String line) {
        String[] f = line.strip().split(" ");
        int separator = -1;
        for (int i = FIXED_FIELDS; i < f.length; i++) {
            if ("-".equals(f[i])) {
                separator = i;
                break;
            }
        }
        if (separator < 0 || f.length < separator + 3) {
            return Optional.empty();
        }
        try {
            return Optional.of(new MountInfo(Path.of(unescape(f[4])), unescape(f[3]),
                    DeviceNumber.parse(f[2]), unescape(f[separator + 1]),
                    unescape(f[separator + 2]), options(f[5]),
                    f.length > separator + 3 ? options(f[separator + 3]) : List.of()));
        } catch (IllegalArgumentException e) { // a bad device number, or InvalidPathException
            return Optional.empty();
        }
    }

    private static List<String> options(String field) {
        return Arrays.stream(field.split(",")).filter(o -> !o.isEmpty()).map(MountTable::unescape)
                .toList();
    }

    /**
     * Decodes the kernel's octal escapes: a backslash followed by three octal digits is that byte.
     *
     * @param field a field of mountinfo
     * @return the field with {@code \040} turned into a space, and so on
     */
    static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder sb = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                sb.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '7') {
                return false;
            }
        }
        return true;
    }

    /** {@return every mount, in the file's order} */
    public List<MountInfo> mounts() {
        return mounts;
    }

    /**
     * The mount holding {@code path}: of the mounts whose mount point is {@code path} or one of its
     * ancestors, those of the path's own device number when any is (a mount hidden under a later
     * mount on an ancestor has another device), then the longest mount point, and of several on
     * the same point the last listed, which is on top.
     *
     * @param path an absolute path with symbolic links resolved
     * @param stDev the path's {@code st_dev}, when known
     * @return the mount, empty if none holds the path
     */
    public Optional<MountInfo> find(Path path, Optional<DeviceNumber> stDev) {
        List<MountInfo> holding = mounts.stream().filter(m -> path.startsWith(m.mountPoint()))
                .toList();
        List<MountInfo> sameDevice = stDev.map(d -> holding.stream()
                .filter(m -> m.deviceNumber().equals(d)).toList()).orElse(List.of());
        MountInfo best = null;
        for (MountInfo m : sameDevice.isEmpty() ? holding : sameDevice) {
            if (best == null
                    || m.mountPoint().getNameCount() >= best.mountPoint().getNameCount()) {
                best = m;
            }
        }
        return Optional.ofNullable(best);
    }
}
