package io.github.drivespeed.fio.internal;

/**
 * A refusal of one fio option that already names where it was written ({@code job.fio:12: fio
 * option 'bs': ...}), as {@link FioEntry#refusal} words it: passed on as it is, where a value's
 * own check, which knows no place, gets the place put before it.
 */
final class FioRefusal extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    FioRefusal(String message) {
        super(message);
    }
}
