package io.github.drivespeed.internal.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Decodes the SCSI Unit Serial Number VPD page (0x80), which the kernel exposes raw as
 * {@code /sys/block/sdX/device/vpd_pg80} (SPC-4, "Unit Serial Number VPD page"): byte 1 is the
 * page code 0x80, bytes 2-3 the page length, then the serial number in ASCII, often padded.
 * For SATA disks libata fills it from the ATA IDENTIFY serial.
 */
final class ScsiVpd {

    private static final int HEADER_BYTES = 4;
    private static final int UNIT_SERIAL_NUMBER_PAGE = 0x80;

    private ScsiVpd() {
    }

    /**
     * @param file the {@code vpd_pg80} attribute
     * @return the serial number, empty if the file is absent, unreadable or not that page
     */
    static Optional<String> unitSerialNumber(Path file) {
        byte[] page;
        try {
            page = Files.readAllBytes(file);
        } catch (IOException e) {
            return Optional.empty();
        }
        return unitSerialNumber(page);
    }

    /**
     * @param page the page's bytes
     * @return the serial number, empty if the bytes are not a unit serial number page
     */
    static Optional<String> unitSerialNumber(byte[] page) {
        if (page.length < HEADER_BYTES || (page[1] & 0xff) != UNIT_SERIAL_NUMBER_PAGE) {
            return Optional.empty();
        }
        int length = ((page[2] & 0xff) << 8) | (page[3] & 0xff);
        int end = Math.min(page.length, HEADER_BYTES + length);
        String serial = new String(page, HEADER_BYTES, end - HEADER_BYTES,
                StandardCharsets.US_ASCII).replace('\0', ' ').strip();
        return serial.isEmpty() ? Optional.empty() : Optional.of(serial);
    }
}
