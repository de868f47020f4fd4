package io.github.drivespeed;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What was measured: the directory the test file was created in and the file system holding it.
 * An immutable value; build one with {@link #builder(Path)}.
 */
public final class TargetInfo {

    private final Path directory;
    private final String fileSystemType;
    private final String fileSystemSource;
    private final long fileSystemBlockSizeBytes;
    private final long totalSpaceBytes;
    private final long usableSpaceBytes;
    private final Set<Warning> warnings;

    private TargetInfo(Builder b) {
        this.directory = Objects.requireNonNull(b.directory, "directory");
        this.fileSystemType = Objects.requireNonNull(b.fileSystemType, "fileSystemType");
        this.fileSystemSource = Objects.requireNonNull(b.fileSystemSource, "fileSystemSource");
        this.fileSystemBlockSizeBytes = b.fileSystemBlockSizeBytes;
        this.totalSpaceBytes = b.totalSpaceBytes;
        this.usableSpaceBytes = b.usableSpaceBytes;
        this.warnings = Set.copyOf(b.warnings);
    }

    /**
     * Starts a description of the target {@code directory}.
     *
     * @param directory the absolute, real path of the directory tested
     * @return a builder
     */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /** @return the absolute, real path of the directory the test file was created in */
    public Path directory() {
        return directory;
    }

    /** @return the file-system type as the kernel names it, for example {@code ext4} or {@code tmpfs} */
    public String fileSystemType() {
        return fileSystemType;
    }

    /** @return what the file system was mounted from, for example {@code /dev/vda} */
    public String fileSystemSource() {
        return fileSystemSource;
    }

    /** @return the file system's block size in bytes ({@code statvfs f_frsize}) */
    public long fileSystemBlockSizeBytes() {
        return fileSystemBlockSizeBytes;
    }

    /** @return the file system's size in bytes when the target was examined; 0 when it reports none */
    public long totalSpaceBytes() {
        return totalSpaceBytes;
    }

    /**
     * @return bytes this process could write when the target was examined (honours reserved
     *     blocks, like {@code df}'s "Avail")
     */
    public long usableSpaceBytes() {
        return usableSpaceBytes;
    }

    /** @return what about the target may make figures differ from a drive's own speed */
    public Set<Warning> warnings() {
        return warnings;
    }

    /** For example {@code /work (ext4 on /dev/vda, block 4096 B, 80.1 GB free of 270.6 GB)}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%s on %s, block %d B, %.1f GB free of %.1f GB)",
                directory, fileSystemType, fileSystemSource, fileSystemBlockSizeBytes,
                usableSpaceBytes / 1e9, totalSpaceBytes / 1e9);
    }

    /** Collects the facts of a {@link TargetInfo}. */
    public static final class Builder {
        private final Path directory;
        private String fileSystemType = "unknown";
        private String fileSystemSource = "unknown";
        private long fileSystemBlockSizeBytes;
        private long totalSpaceBytes;
        private long usableSpaceBytes;
        private Set<Warning> warnings = Set.of();

        private Builder(Path directory) {
            this.directory = Objects.requireNonNull(directory, "directory");
        }

        /**
         * @param type the file-system type, for example {@code ext4}
         * @return this builder
         */
        public Builder fileSystemType(String type) {
            this.fileSystemType = Objects.requireNonNull(type, "type");
            return this;
        }

        /**
         * @param source what the file system was mounted from
         * @return this builder
         */
        public Builder fileSystemSource(String source) {
            this.fileSystemSource = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * @param bytes the file system's block size in bytes
         * @return this builder
         */
        public Builder fileSystemBlockSizeBytes(long bytes) {
            this.fileSystemBlockSizeBytes = bytes;
            return this;
        }

        /**
         * @param bytes the file system's size in bytes
         * @return this builder
         */
        public Builder totalSpaceBytes(long bytes) {
            this.totalSpaceBytes = bytes;
            return this;
        }

        /**
         * @param bytes bytes this process could write
         * @return this builder
         */
        public Builder usableSpaceBytes(long bytes) {
            this.usableSpaceBytes = bytes;
            return this;
        }

        /**
         * @param warnings what about the target may distort figures
         * @return this builder
         */
        public Builder warnings(Set<Warning> warnings) {
            this.warnings = Set.copyOf(warnings);
            return this;
        }

        /** @return the immutable target description */
        public TargetInfo build() {
            return new TargetInfo(this);
        }
    }
}
