/**
 * drivespeed's native I/O backend for Linux (JNA bindings: O_DIRECT, O_DSYNC, O_TMPFILE,
 * fdatasync, posix_fadvise, drop_caches, block-device ioctls, Linux AIO). Exports nothing: it
 * provides an {@link io.github.drivespeed.spi.IoBackend} that drivespeed's core finds with
 * {@link java.util.ServiceLoader} and prefers to its pure-Java backend.
 */
module io.github.drivespeed.nativeio {
    requires io.github.drivespeed;
    requires com.sun.jna;
    requires org.slf4j;

    // JNA reads the fields of Structure subclasses and binds direct-mapped native methods
    // by reflection
    opens io.github.drivespeed.nativeio to com.sun.jna;

    provides io.github.drivespeed.spi.IoBackend with io.github.drivespeed.nativeio.NativeIoBackend;
}
