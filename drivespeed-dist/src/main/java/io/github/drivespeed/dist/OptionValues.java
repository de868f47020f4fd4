package io.github.drivespeed.dist;

import io.github.drivespeed.fio.internal.ReadWriteMode;
import io.github.drivespeed.parameters.IoEngine;
import io.github.drivespeed.parameters.Preset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The values bash completes after an option that takes one of a list, from the types that
 * define them (so that a new engine or preset is completed without a change here): fio's
 * {@code rw=} modes, the I/O engines by fio's names, the presets as CrystalDiskMark names them
 * (with {@code -} for the space) and their sets, the backends, fio's output formats.
 */
final class OptionValues {

    private static final Map<String, List<String>> BY_OPTION = Map.of(
            "--rw", Arrays.stream(ReadWriteMode.values()).map(ReadWriteMode::fioName).toList(),
            "--ioengine", Arrays.stream(IoEngine.values()).map(IoEngine::fioName).toList(),
            "--preset", presets(),
            "--backend", List.of("native", "java"),
            "--output-format", List.of("normal", "json", "json+"));

    private OptionValues() {
    }

    /**
     * {@return the values bash completes after the option, if it takes one of a list}
     *
     * @param longestName the option's longest name, for example {@code --ioengine}
     */
    static Optional<List<String>> of(String longestName) {
        return Optional.ofNullable(BY_OPTION.get(longestName));
    }

    private static List<String> presets() {
        List<String> names = new ArrayList<>();
        for (Preset preset : Preset.values()) {
            names.add(preset.label().replace(' ', '-'));
        }
        names.add("standard");
        names.add("nvme");
        return List.copyOf(names);
    }
}
