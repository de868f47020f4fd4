package io.github.drivespeed.target;

import io.github.drivespeed.unit.DataSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The one-line descriptions of a {@link BlockDevice}: its identity and its geometry. */
final class BlockDeviceLines {

    private static final long TERABYTE = 1_000_000_000_000L;
    private static final long GIGABYTE = 1_000_000_000L;

    private BlockDeviceLines() {
    }

    /**
     * @param d a device
     * @return {@link BlockDevice#identity()}
     */
    static String identity(BlockDevice d) {
        StringBuilder sb = new StringBuilder(d.sysfsName()).append(" (")
                .append(d.deviceNumber()).append("), ").append(d.kind().label());
        d.partitionNumber().ifPresent(n -> sb.append(' ').append(n));
        d.mapperName().ifPresent(n -> sb.append(' ').append(n));
        d.raidLevel().ifPresent(l -> sb.append(" (").append(l).append(')'));
        d.backingFile().ifPresent(f -> sb.append(" of ").append(f));
        List<String> name = new ArrayList<>();
        d.vendor().ifPresent(name::add);
        d.model().ifPresent(name::add);
        if (!name.isEmpty()) {
            sb.append(", ").append(String.join(" ", name));
        }
        d.firmwareRevision().ifPresent(f -> sb.append(", firmware ").append(f));
        d.transport().ifPresent(t -> sb.append(", ").append(t));
        d.sizeBytes().ifPresent(s -> sb.append(", ").append(capacity(s)));
        d.serial().ifPresent(s -> sb.append(", serial ").append(s));
        return sb.toString();
    }

    /**
     * @param d a device
     * @return {@link BlockDevice#geometry()}
     */
    static String geometry(BlockDevice d) {
        List<String> parts = new ArrayList<>();
        d.logicalBlockBytes().ifPresent(b -> parts.add("logical block " + b + " B"));
        d.physicalBlockBytes().ifPresent(b -> parts.add("physical block " + b + " B"));
        d.rotational().ifPresent(r -> parts.add(r ? "rotational" : "non-rotational"));
        d.readOnly().filter(Boolean::booleanValue).ifPresent(r -> parts.add("read-only"));
        d.scheduler().ifPresent(s -> parts.add("scheduler " + s));
        d.writeCache().ifPresent(w -> parts.add("write cache " + w.sysfsText()
                + (w == BlockDevice.WriteCache.WRITE_THROUGH ? " (the kernel sends it no FLUSH)"
                        : "")));
        d.fua().ifPresent(f -> parts.add(f ? "FUA" : "no FUA"));
        return String.join(", ", parts);
    }

    /**
     * A capacity as drive makers give it (decimal) and as the kernel counts it (binary), in the
     * unit that keeps the figure readable: TB and TiB from 1 TB, GB and GiB from 1 GB, else MB
     * and MiB ({@code 67.1 MB (64.0 MiB)}, not {@code 0.1 GB}).
     *
     * @param bytes the size in bytes
     * @return for example {@code 274.9 GB (256.0 GiB)}
     */
    static String capacity(long bytes) {
        if (bytes >= TERABYTE) {
            return format(bytes, TERABYTE, "TB", DataSize.TEBIBYTE, "TiB");
        }
        if (bytes >= GIGABYTE) {
            return format(bytes, GIGABYTE, "GB", DataSize.GIBIBYTE, "GiB");
        }
        return format(bytes, 1_000_000L, "MB", DataSize.MEBIBYTE, "MiB");
    }

    private static String format(long bytes, long decimal, String decimalUnit, long binary,
            String binaryUnit) {
        return String.format(Locale.ROOT, "%.1f %s (%.1f %s)", bytes / (double) decimal,
                decimalUnit, bytes / (double) binary, binaryUnit);
    }
}
