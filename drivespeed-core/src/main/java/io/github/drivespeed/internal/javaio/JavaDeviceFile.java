package io.github.drivespeed.internal.javaio;

import io.github.drivespeed.spi.AlignedBuffer;
import io.github.drivespeed.spi.FileHandle;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A block device open read-only behind a {@link FileChannel}. Closing closes the channel only;
 * the device's cached pages cannot be evicted from Java.
 */
final class JavaDeviceFile implements FileHandle {

    private final Path device;
    private final FileChannel channel;

    JavaDeviceFile(Path device, FileChannel channel) {
        this.device = device;
        this.channel = channel;
    }

    @Override
    public String displayName() {
        return device.toString();
    }

    /** Never called: the device is open read-only. */
    @Override
    public long write(AlignedBuffer src, long srcOffset, long length, long position) {
        throw new UnsupportedOperationException("the java backend opens block devices read-only: "
                + device);
    }

    @Override
    public long read(AlignedBuffer dst, long dstOffset, long length, long position)
            throws IOException {
        if (!(dst instanceof JavaAlignedBuffer)) {
            throw new IllegalArgumentException("buffer was not allocated by the java backend: "
                    + dst.getClass().getName());
        }
        ByteBuffer view = ((JavaAlignedBuffer) dst).ioView();
        view.clear();
        view.position((int) dstOffset);
        view.limit((int) (dstOffset + length));
        try {
            return channel.read(view, position);
        } catch (IOException e) {
            throw JdkErrno.translate("pread", device, e);
        }
    }

    /** Nothing was written. */
    @Override
    public void dataSync() {
        // read-only
    }

    /** The JDK has no way to drop a device's cached pages. */
    @Override
    public boolean evictPages() {
        return false;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
