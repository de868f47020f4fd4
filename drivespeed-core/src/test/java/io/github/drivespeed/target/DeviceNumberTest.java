package io.github.drivespeed.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeviceNumberTest {

    /** glibc's makedev(3), {@code <bits/sysmacros.h>}, written out independently. */
    private static long makedev(long major, long minor) {
        return (minor & 0xffL) | ((major & 0xfffL) << 8) | ((minor & ~0xffL) << 12)
                | ((major & ~0xfffL) << 32);
    }

    @ParameterizedTest
    @CsvSource({"254,0", "8,17", "259,2", "0,26", "7,1000", "4095,255", "4096,256",
        "65535,1048575", "4294967295,4294967295"})
    void decodesWhatMakedevEncodes(long major, long minor) {
        assertThat(DeviceNumber.fromStDev(makedev(major, minor)))
                .isEqualTo(new DeviceNumber(major, minor));
    }

    @Test
    void decodesThisMachinesRootDevice() {
        // stat -c %d / prints 65024 here: 0xfe00, major 254 (virtio), minor 0
        assertThat(DeviceNumber.fromStDev(65024)).hasToString("254:0");
    }

    @Test
    void parsesAndPrintsMajorColonMinor() {
        assertThat(DeviceNumber.parse("8:17")).isEqualTo(new DeviceNumber(8, 17));
        assertThat(DeviceNumber.parse(" 259:2\n")).hasToString("259:2");
        for (String bad : new String[] {"", "8", "8:", ":1", "a:b", "-1:0", "8:1:2"}) {
            assertThatThrownBy(() -> DeviceNumber.parse(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("major:minor");
        }
    }
}
