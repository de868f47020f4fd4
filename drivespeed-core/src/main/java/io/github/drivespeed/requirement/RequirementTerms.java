package io.github.drivespeed.requirement;

import io.github.drivespeed.unit.DataSize;
import io.github.drivespeed.unit.Nanoseconds;
import io.github.drivespeed.unit.Throughput;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grammar of one bound term of {@link StorageRequirement#parse(String)}: {@code write=RATE},
 * {@code sustained=RATE}, {@code read=RATE}, {@code randread=IOPS}, {@code randwrite=IOPS} or
 * {@code pP=TIME}.
 */
final class RequirementTerms {

    private static final Pattern TERM = Pattern.compile(
            "(write|sustained|read|randread|randwrite|p(\\d{1,2}(?:\\.\\d{1,4})?))=(.+)");
    private static final Pattern RATE = Pattern.compile(
            "(\\d{1,9}(?:\\.\\d{1,6})?)\\s?(B|kB|KB|MB|GB|KiB|MiB|GiB)/s");
    private static final Pattern COUNT = Pattern.compile("\\d{1,9}(?:\\.\\d{1,6})?");
    /**
     * A bound written with another sign than {@code =} ({@code write>10MB/s}, {@code write >=
     * 10MB/s}, {@code p99<10ms}, {@code read: 30MB/s}) or with a space instead of one: the key,
     * the sign, the value.
     */
    private static final Pattern OTHER_SIGN = Pattern.compile(
            "(?i)(write|sustained|read|randread|randwrite|p\\d{1,2}(?:\\.\\d{1,4})?)"
                    + "\\s*(>=|=>|<=|=<|==|>|<|:|\\s)\\s*(\\S.*)");

    private RequirementTerms() {
    }

    /**
     * {@return whether a term without {@code =} is a bound written with another sign
     * ({@code write>10MB/s}), to be refused as a bound rather than as an unknown SD class}
     *
     * @param term a requirement term
     */
    static boolean isBoundWithAnotherSign(String term) {
        return OTHER_SIGN.matcher(term).matches();
    }

    /**
     * One bound term as a requirement named after it.
     *
     * @throws IllegalArgumentException naming the term and what was expected
     */
    static StorageRequirement bound(String term) {
        Matcher m = TERM.matcher(term);
        if (!m.matches()) {
            Matcher other = OTHER_SIGN.matcher(term);
            if (other.matches()) {
                String key = other.group(1).toLowerCase(Locale.ROOT);
                throw new IllegalArgumentException("requirement term '" + term + "' not"
                        + " understood: a bound is written KEY=VALUE, as " + key + "="
                        + other.group(3).strip() + " (" + (key.startsWith("p") ? "a maximum"
                        : "a minimum") + ")");
            }
            throw new IllegalArgumentException("requirement term '" + term + "' not understood:"
                    + " expected an SD class (C10, U3, V30, A1, ...), write=RATE, sustained=RATE,"
                    + " read=RATE, randread=IOPS, randwrite=IOPS or pNN=TIME");
        }
        StorageRequirement r = StorageRequirement.named(term);
        String value = m.group(3).strip();
        switch (m.group(1)) {
            case "write":
                return r.minSequentialWrite(parseRate(term, value));
            case "sustained":
                return r.minSustainedWrite(parseRate(term, value));
            case "read":
                return r.minSequentialRead(parseRate(term, value));
            case "randread":
                return r.minRandomReadIops(parseCount(term, value));
            case "randwrite":
                return r.minRandomWriteIops(parseCount(term, value));
            default:
                return r.maxRandomLatency(Double.parseDouble(m.group(2)),
                        parseTime(term, value));
        }
    }

    private static Throughput parseRate(String term, String value) {
        Matcher m = RATE.matcher(value);
        if (!m.matches()) {
            throw new IllegalArgumentException("requirement term '" + term + "': rate '" + value
                    + "' not understood (expected for example 30MB/s, 25MiB/s, 500kB/s)");
        }
        double n = Double.parseDouble(m.group(1));
        double unit;
        switch (m.group(2)) {
            case "B":
                unit = 1;
                break;
            case "kB":
            case "KB":
                unit = DataSize.KILOBYTE;
                break;
            case "MB":
                unit = DataSize.MEGABYTE;
                break;
            case "GB":
                unit = DataSize.GIGABYTE;
                break;
            case "KiB":
                unit = DataSize.KIBIBYTE;
                break;
            case "MiB":
                unit = DataSize.MEBIBYTE;
                break;
            default:
                unit = DataSize.GIBIBYTE;
                break;
        }
        return Throughput.ofBytesPerSecond(n * unit);
    }

    private static double parseCount(String term, String value) {
        if (!COUNT.matcher(value).matches()) {
            throw new IllegalArgumentException("requirement term '" + term + "': IOPS '" + value
                    + "' not understood (expected a number, for example 1500)");
        }
        return Double.parseDouble(value);
    }

    private static Duration parseTime(String term, String value) {
        try {
            return Nanoseconds.parse(value, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("requirement term '" + term + "': time '" + value
                    + "' not understood (expected a number and ns, us, ms, s, m or h: 10ms)", e);
        }
    }
}
