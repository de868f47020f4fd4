package io.github.drivespeed.nativeio;

import com.sun.jna.Pointer;

/**
 * {@code struct iovec} ({@code include/uapi/linux/uio.h}): {@code iov_base} (a pointer) then
 * {@code iov_len} (a {@code size_t}), each as wide as a pointer: 16 bytes on 64-bit Linux, 8 on
 * 32-bit (checked against each architecture's headers by the tests).
 */
final class Iovec {

    private Iovec() {
    }

    /**
     * @param c the architecture
     * @return {@code sizeof(struct iovec)} there
     */
    static int bytes(LinuxConstants c) {
        return 2 * c.pointerBytes();
    }

    /**
     * Writes element {@code index} of an array of iovecs.
     *
     * @param array the array's memory, at least {@code (index + 1) * bytes(c)} bytes
     * @param index the element
     * @param address {@code iov_base}
     * @param length {@code iov_len}
     * @param c the architecture
     * @throws IllegalArgumentException on 32-bit Linux, for an address or length over 32 bits
     */
    static void put(Pointer array, int index, long address, long length, LinuxConstants c) {
        long at = (long) index * bytes(c);
        if (c.lp64()) {
            array.setLong(at, address);
            array.setLong(at + Long.BYTES, length);
            return;
        }
        if ((address >>> 32) != 0 || (length >>> 32) != 0) {
            throw new IllegalArgumentException("an iovec of " + length + " bytes at 0x"
                    + Long.toHexString(address) + " does not fit 32 bits");
        }
        array.setInt(at, (int) address);
        array.setInt(at + Integer.BYTES, (int) length);
    }
}
