package io.github.drivespeed.internal.io;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.InvalidSettingException.Reason;
import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.IoBackend;
import io.github.drivespeed.unit.DataSize;

/** The allocation of I/O buffers, whose failure is a failure of the block size they serve. */
public final class IoBuffers {

    private IoBuffers() {
    }

    /**
     * Allocates I/O buffers for blocks of {@code blockBytes}; a backend's refusal (the JVM's
     * direct-memory limit, for example) is a refusal of the block size.
     *
     * @param io the backend
     * @param bytes the buffer's size
     * @param alignment its alignment
     * @param blockBytes the block size the buffer serves, for the message
     * @return the buffer
     * @throws InvalidSettingException naming {@code blockSize} if the backend cannot allocate it
     */
    public static AlignedBuffer allocate(IoBackend io, long bytes, int alignment, long blockBytes) {
        try {
            return io.allocate(bytes, alignment);
        } catch (InvalidSettingException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("blockSize", DataSize.ofBytes(blockBytes),
                    Reason.of("needs " + DataSize.ofBytes(bytes) + " of I/O buffers, which the "
                            + io.name() + " backend cannot allocate: " + e.getMessage()), e);
        }
    }
}
