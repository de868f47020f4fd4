package io.github.drivespeed.testing;

import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Whether the tests run on an emulated JVM, and what the emulator does not emulate. The focused
 * platform suite run on another architecture's JVM under qemu's user-mode emulation
 * ({@code testbed/arm-jvm}, {@code .ci/arm-suite}) sets the system property {@value #PROPERTY}
 * to the emulator's name; a test that meets one of its {@link Gap}s asserts the named fallback,
 * or skips saying which gap, instead of failing on what a real board would do differently.
 */
public final class Emulation {

    /** The system property naming the emulator, for example {@code qemu-user}. */
    public static final String PROPERTY = "drivespeed.test.emulator";

    /** What qemu-user 7.2 does not emulate (testbed/arm-jvm's header). */
    public enum Gap {
        /** io_uring_setup(2) and io_setup(2) fail with ENOSYS. */
        ASYNC_IO("io_uring_setup(2) and io_setup(2) are not emulated (ENOSYS)"),
        /** statx(2) leaves stx_dio_mem_align and stx_dio_offset_align zero. */
        DIO_ALIGNMENT("statx(2) leaves the direct-I/O alignment fields zero"),
        /** /proc/self/stat reads zero user and system time. */
        CPU_TIMES("/proc/self/stat reads zero CPU times");

        private final String description;

        Gap(String description) {
            this.description = description;
        }

        /** @return what is not emulated */
        public String description() {
            return description;
        }
    }

    private Emulation() {
    }

    /** @return the emulator the tests run under, or empty on a real machine */
    public static Optional<String> emulator() {
        return Optional.ofNullable(System.getProperty(PROPERTY)).filter(s -> !s.isBlank());
    }

    /** @return whether the tests run under an emulator */
    public static boolean active() {
        return emulator().isPresent();
    }

    /**
     * Skips the test under an emulator that has {@code gap}, saying so by name.
     *
     * @param gap what the test needs that the emulator does not emulate
     */
    public static void skipOn(Gap gap) {
        Assumptions.assumeFalse(active(), () -> "emulator gap " + gap + " of "
                + emulator().orElse("") + ": " + gap.description());
    }
}
