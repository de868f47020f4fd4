package io.github.drivespeed.internal.engine;

import io.github.drivespeed.TargetInfo;
import io.github.drivespeed.Warning;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/** Describes the file system holding a target directory, from {@link FileStore}. */
public final class TargetDescriber {

    private TargetDescriber() {
    }

    /**
     * Describes {@code directory}.
     *
     * @param directory the real path of the target directory
     * @param store its file store
     * @return the description, with warnings about the file system
     * @throws IOException if the file store cannot be read
     */
    public static TargetInfo describe(Path directory, FileStore store) throws IOException {
        Set<Warning> warnings = EnumSet.noneOf(Warning.class);
        String type = store.type();
        if ("tmpfs".equals(type) || "ramfs".equals(type) || "devtmpfs".equals(type)) {
            warnings.add(Warning.MEMORY_FILE_SYSTEM);
        }
        long total = store.getTotalSpace();
        if (total == 0) {
            warnings.add(Warning.FREE_SPACE_UNKNOWN);
        }
        return TargetInfo.builder(directory)
                .fileSystemType(type)
                .fileSystemSource(store.name())
                .fileSystemBlockSizeBytes(store.getBlockSize())
                .totalSpaceBytes(total)
                .usableSpaceBytes(store.getUsableSpace())
                .warnings(warnings)
                .build();
    }
}
