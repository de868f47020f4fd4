package io.github.drivespeed.cli.run;

import static io.github.drivespeed.cli.run.ErrorMessages.optionIfGiven;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.SequentialPlan;
import io.github.drivespeed.cli.options.GivenOptions;
import io.github.drivespeed.cli.options.MeasurementOptions;
import io.github.drivespeed.cli.options.OptionTable.Exclusion;
import io.github.drivespeed.cli.options.ReadModeOptions;
import io.github.drivespeed.cli.options.SequentialOptions;
import java.nio.file.Path;

/** The sequential test's plan from the options given ({@code noVerify}: {@code --no-verify}). */
record SequentialPlanBuilder(MeasurementOptions measurement, SequentialOptions sequential,
        ReadModeOptions readModes, GivenOptions given, boolean noVerify) {

    /**
     * @throws IllegalArgumentException naming the option and value a setter refused
     */
    SequentialPlan build(Path dir) {
        MeasurementOptions m = measurement;
        SequentialPlan test = DriveSpeed.on(dir);
        test = optionIfGiven(test, given.typed("--block-size"), m.blockSize(),
                SequentialPlan::blockSize);
        test = optionIfGiven(test, given.typed("--count"), m.count(), SequentialPlan::count);
        test = optionIfGiven(test, given.typed("--runs"), m.runs(), SequentialPlan::runs);
        Exclusion.BUFFERED_FALLBACK.check(m.buffered(), sequential.directOrBuffered());
        if (m.buffered()) {
            test = test.buffered();
        }
        if (sequential.directOrBuffered()) {
            test = test.directOrBuffered();
        }
        if (sequential.dsync()) {
            test = test.dsync();
        }
        if (sequential.zeros()) {
            test = test.zeros();
        }
        test = optionIfGiven(test, given.typed("--backend"), m.backend(), SequentialPlan::backend);
        if (readModes.dropCaches()) {
            if (!m.buffered() && !sequential.directOrBuffered()) {
                throw new IllegalArgumentException(ErrorMessages.DROP_CACHES_NEEDS_BUFFERED);
            }
            test = test.dropCaches();
        }
        if (readModes.cachedRead()) {
            test = test.cachedRead();
        }
        if (noVerify) {
            test = test.noVerify();
        }
        return test;
    }
}
