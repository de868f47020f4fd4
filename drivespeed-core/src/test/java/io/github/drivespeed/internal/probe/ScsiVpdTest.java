package io.github.drivespeed.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ScsiVpdTest {

    private static byte[] page(int code, String serial, int declaredLength) {
        byte[] s = serial.getBytes(StandardCharsets.US_ASCII);
        byte[] p = new byte[4 + s.length];
        p[1] = (byte) code;
        p[2] = (byte) (declaredLength >> 8);
        p[3] = (byte) declaredLength;
        System.arraycopy(s, 0, p, 4, s.length);
        return p;
    }

    @Test
    void readsThePaddedSerial() {
        assertThat(ScsiVpd.unitSerialNumber(page(0x80, "    S3Z9NB0K412345A\0", 20)))
                .hasValue("S3Z9NB0K412345A");
    }

    @Test
    void honoursThePageLength() {
        assertThat(ScsiVpd.unitSerialNumber(page(0x80, "ABCDEFGH", 4))).hasValue("ABCD");
        assertThat(ScsiVpd.unitSerialNumber(page(0x80, "ABCD", 300))).hasValue("ABCD");
    }

    @Test
    void refusesOtherPagesAndShortInput() {
        assertThat(ScsiVpd.unitSerialNumber(page(0x83, "ABCD", 4))).isEmpty();
        assertThat(ScsiVpd.unitSerialNumber(new byte[] {0, (byte) 0x80})).isEmpty();
        assertThat(ScsiVpd.unitSerialNumber(page(0x80, "    ", 4))).isEmpty();
    }
}
