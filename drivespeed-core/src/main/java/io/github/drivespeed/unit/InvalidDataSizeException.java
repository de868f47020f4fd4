package io.github.drivespeed.unit;

/**
 * Text that {@link DataSize#parse(String)} refused, with the text and the rule it breaks apart, so
 * that a caller that already names the text (a plan's setting, a command-line option) can give
 * the rule without repeating it. The message is {@code invalid data size 'TEXT': REASON}.
 *
 * @since 0.1.0
 */
public final class InvalidDataSizeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The text refused. */
    private final String text;
    /** The rule it breaks. */
    private final String reason;

    /**
     * A refusal of {@code text}.
     *
     * @param text the text refused, as given
     * @param reason the rule it breaks, for example {@code unknown unit 'mb' (...)}
     * @param cause the underlying failure, or null
     */
    InvalidDataSizeException(String text, String reason, Throwable cause) {
        super("invalid data size '" + text + "': " + reason, cause);
        this.text = text;
        this.reason = reason;
    }

    /** {@return the text refused, as given} */
    public String text() {
        return text;
    }

    /** {@return the rule it breaks, without the text: {@code fractions are not allowed: ...}} */
    public String reason() {
        return reason;
    }
}
