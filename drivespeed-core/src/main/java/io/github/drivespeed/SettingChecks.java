package io.github.drivespeed;

import io.github.drivespeed.unit.DataSize;
import java.util.Objects;

/** Checks the plans' setters share, with messages that name the setting and the value. */
final class SettingChecks {

    private SettingChecks() {
    }

    /**
     * Parses a size in the {@link DataSize} grammar for a setting.
     *
     * @param setting the setting's name, for the message
     * @param text the size as text
     * @return the size
     * @throws IllegalArgumentException naming the setting, if the text does not parse
     */
    static DataSize parse(String setting, String text) {
        Objects.requireNonNull(text, setting);
        try {
            return DataSize.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + ": " + e.getMessage(), e);
        }
    }

    /**
     * Requires a block size of whole 512-byte sectors.
     *
     * @param setting the setting's name, for the message
     * @param size the size
     * @throws IllegalArgumentException if not positive or not a multiple of 512 bytes
     */
    static void requireWholeSectors(String setting, DataSize size) {
        Objects.requireNonNull(size, setting);
        if (size.bytes() <= 0) {
            throw new IllegalArgumentException(setting + " must be > 0: " + size);
        }
        if (size.bytes() % DataSize.SECTOR_BYTES != 0) {
            throw new IllegalArgumentException(setting + " must be a multiple of "
                    + DataSize.SECTOR_BYTES + " bytes (one sector): " + size.bytes() + " bytes");
        }
    }
}
