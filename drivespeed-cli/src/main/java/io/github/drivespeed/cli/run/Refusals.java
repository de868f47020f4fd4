package io.github.drivespeed.cli.run;

import io.github.drivespeed.WorkloadPlan;
import io.github.drivespeed.cli.options.Form;
import io.github.drivespeed.cli.options.FormOptions;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionRow;
import io.github.drivespeed.cli.options.OptionTable;
import io.github.drivespeed.cli.options.WorkloadOptions;
import io.github.drivespeed.error.CgroupMemoryLimitException;
import io.github.drivespeed.error.DirectIoUnsupportedException;
import io.github.drivespeed.error.InsufficientSpaceException;
import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.error.UnsafeTargetException;
import io.github.drivespeed.error.UnsupportedTargetException;
import io.github.drivespeed.error.UnsupportedTargetException.FileKind;
import io.github.drivespeed.unit.DataSize;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The library's refusals in the command line's words, built from the data they carry: each
 * setting the library names ({@code blockSize}) becomes the option that sets it
 * ({@link OptionTable}), as the user typed it ({@code --bs}), with the value as typed. No message
 * text is read.
 */
final class Refusals {

    /** The settings that are the target itself, the command's positional argument. */
    private static final Set<String> TARGET = Set.of("directory", "device");

    /** The plan's setting of the block size. */
    private static final String BLOCK_SIZE = "blockSize";

    private final GivenOptions given;

    /** @param given the options given, for their names and values as typed */
    Refusals(GivenOptions given) {
        this.given = given;
    }

    /**
     * @param setting a plan's setting, by its API name
     * @return the option that sets it, as typed; the API name where no option sets it
     */
    String name(String setting) {
        return OptionTable.rowFor(setting).<String>map(given::typed).orElse(setting);
    }

    /**
     * @param e a bad plan: a refused setting, or a refusal the command line made itself
     * @return the one-line message
     */
    String of(IllegalArgumentException e) {
        return e instanceof InvalidSettingException ? of((InvalidSettingException) e)
                : e.getMessage();
    }

    /**
     * {@code invalid value for option '--bs': '513': must be a multiple of 512 bytes (one
     * sector)}; for a switch, {@code option '--dsync' cannot be done by the java backend ...}.
     *
     * @param e the refusal
     * @return the one-line message
     */
    String of(InvalidSettingException e) {
        String reason = e.reason(this::name);
        Optional<OptionRow<?>> option = OptionTable.rowFor(e.setting());
        if (option.isEmpty()) {
            return TARGET.contains(e.setting()) && e.value().isPresent()
                    ? "'" + e.value().get() + "' " + reason : e.getMessage();
        }
        String typed = given.typed(option.get());
        if (e.value().isEmpty()) {
            return "option '" + typed + "' " + reason;
        }
        Optional<String> value = given.typedValue(option.get());
        boolean sizeAndBlock = option.get() == WorkloadOptions.SIZE
                && e.settings().contains(BLOCK_SIZE)
                || option.get() == MeasurementOptions.BLOCK_SIZE && value.isEmpty();
        if (sizeAndBlock && given.has(WorkloadOptions.SWEEP)) {
            // the sweep sets the block size itself: name the sweep and its rule on --size
            List<DataSize> blocks = WorkloadPlan.DEFAULT_SWEEP;
            DataSize largest = blocks.get(blocks.size() - 1);
            return "option '" + given.typed(WorkloadOptions.SWEEP) + "' runs blocks of "
                    + blocks.get(0) + " to " + largest + ", so " + given.typed(WorkloadOptions.SIZE)
                    + " must be a multiple of " + largest + ": '" + given.typedValue(
                            WorkloadOptions.SIZE).orElse(WorkloadPlan.DEFAULT_SIZE + "' (the"
                            + " default") + "' is not";
        }
        Optional<String> block = given.typedValue(MeasurementOptions.BLOCK_SIZE);
        if (option.get() == WorkloadOptions.SIZE && value.isEmpty() && block.isPresent()
                && e.settings().contains(BLOCK_SIZE)) {
            // the size was not typed: the block size typed is what does not fit it
            return "invalid value for option '" + given.typed(MeasurementOptions.BLOCK_SIZE)
                    + "': '" + block.get() + "': the default " + typed + " " + e.value().get()
                    + " is not a multiple of it; give " + typed + " a multiple of "
                    + block.get() + ", or a block size that divides " + e.value().get();
        }
        return "invalid value for option '" + typed + "': " + GivenOptions.valueAndReason("'"
                + value.orElse(e.value().get()) + "'" + (value.isPresent()
                        ? DecimalUnits.note(value.get()) : " (the default)"), reason);
    }

    /**
     * A write to a device refused: {@code refusing to write to /dev/sdb: ...; --force writes
     * anyway}, with the options that would allow it as typed.
     *
     * @param e the refusal
     * @return the one-line message
     */
    String unsafe(UnsafeTargetException e) {
        return "refusing to write to " + e.path() + ": " + e.reason(this::name);
    }

    /**
     * A target of the wrong kind, in command-line words: a block device given to a form that
     * runs in a directory ({@code --probe /dev/sdb}) says how the device itself is measured; a
     * directory or file given where a device is needed says what to give. Other kinds as the
     * library words them (they name no API).
     *
     * @param e the refusal
     * @param form what the command line runs
     * @return the one-line message
     */
    String unsupported(UnsupportedTargetException e, Form form) {
        String start = "unsupported target " + e.path() + ": ";
        if (e.expected() == FileKind.DIRECTORY && e.kind() == FileKind.BLOCK_DEVICE) {
            String what = form.choosingOption().<String>map(given::typed).orElse("this test");
            return start + "it is a block device, and " + what + " needs a directory on a mounted"
                    + " file system; 'drivespeed " + e.path() + "' without " + what
                    + " measures the device itself, read-only";
        }
        if (e.expected() == FileKind.DIRECTORY && e.kind() == FileKind.REGULAR_FILE
                && form == Form.PROBE) {
            // --probe writes nothing: the library's words (a test file made there) do not fit
            String what = given.typed(FormOptions.PROBE);
            Path parent = e.path().toAbsolutePath().normalize().getParent();
            return start + "it is a regular file, and " + what + " describes the drive holding a"
                    + " directory" + (parent == null ? "" : "; 'drivespeed " + what + " " + parent
                            + "' describes the drive holding the directory it is in");
        }
        if (e.expected() == FileKind.BLOCK_DEVICE && e.kind() == FileKind.DIRECTORY) {
            return start + "it is a directory, and the device options need a block device such"
                    + " as /dev/sdb; without them, 'drivespeed " + e.path() + "' measures the"
                    + " file system holding it";
        }
        if (e.expected() == FileKind.BLOCK_DEVICE && e.kind() == FileKind.REGULAR_FILE) {
            return start + "it is a regular file, and drivespeed never reads or writes an"
                    + " existing file: give a block device such as /dev/sdb, or a directory to"
                    + " test in";
        }
        return e.getMessage();
    }

    /**
     * O_DIRECT refused by the file system: the options that measure anyway, as typed.
     *
     * @param e the refusal
     * @param bufferingSettings the settings of the form that would measure anyway, by their API
     *     names ({@code buffered}, {@code directOrBuffered}); none where the form has none
     * @return the one-line message
     */
    String directIo(DirectIoUnsupportedException e, String... bufferingSettings) {
        return "O_DIRECT is not supported on " + e.path() + " (file system " + e.fileSystemType()
                + e.refusedCall().map(call -> "; " + call).orElse("") + ")"
                + (bufferingSettings.length == 0 ? "" : "; measure with " + Arrays.stream(
                        bufferingSettings).map(this::name).collect(Collectors.joining(" or ")));
    }

    /**
     * Before any write, {@code not enough free space in DIR: ... ; lower --bs (8M) or --count
     * (32)}, naming the options that set the size as typed; any other shortage as the library
     * words it.
     *
     * @param e the shortage
     * @return the one-line message
     */
    String noSpace(InsufficientSpaceException e) {
        return e.describe(asTyped(e.settings()));
    }

    /**
     * Before any write, the test file does not fit in what the memory cgroup leaves: the
     * library's refusal, naming the options that set the size as typed ({@code lower --bs (8M)
     * or --count (128)}).
     *
     * @param e the refusal
     * @return the one-line message
     */
    String memoryLimit(CgroupMemoryLimitException e) {
        return e.describe(asTyped(e.settings()));
    }

    /** The settings as the options that set them, with their values as typed. */
    private List<String> asTyped(List<String> settings) {
        return settings.stream().map(s -> name(s) + OptionTable.rowFor(s)
                .flatMap(given::typedValue).map(v -> " (" + v + ")").orElse(""))
                .collect(Collectors.toList());
    }
}
