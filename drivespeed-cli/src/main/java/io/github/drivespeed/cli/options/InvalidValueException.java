package io.github.drivespeed.cli.options;

/**
 * A conversion's refusal of one part of an option's value (one name of a comma-separated list),
 * so that the refusal names that part: {@code invalid value for option 'NAME': 'PART': REASON}.
 */
public final class InvalidValueException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The part of the value refused. */
    private final String value;

    /**
     * A refusal of part of a value.
     *
     * @param value the part of the value refused, as given
     * @param reason why
     * @param cause the refusal it words, or null
     */
    public InvalidValueException(String value, String reason, Throwable cause) {
        super(reason, cause);
        this.value = value;
    }

    /** {@return the part of the value refused, as given} */
    public String value() {
        return value;
    }
}
