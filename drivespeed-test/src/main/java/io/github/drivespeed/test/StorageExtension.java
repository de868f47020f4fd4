package io.github.drivespeed.test;

import io.github.drivespeed.DriveSpeed;
import io.github.drivespeed.report.SpeedReport;
import io.github.drivespeed.report.WorkloadReport;
import io.github.drivespeed.target.TargetInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.AnnotatedElement;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit Jupiter extension behind {@link EnabledIfStorage}: registered by that annotation,
 * never needed by name. As an {@link ExecutionCondition} it skips a test whose target is absent
 * or not the kind named, with the reason; as a {@link ParameterResolver} it measures the target
 * for {@link SpeedReport}, {@link WorkloadReport} and {@link TargetInfo} parameters, once per
 * test, and publishes each report's main figures through the test's report entries
 * ({@link ExtensionContext#publishReportEntry(java.util.Map)}). Uses JUnit Jupiter API 5.10 and
 * later, JUnit 6 included.
 *
 * @since 0.1.0
 */
public final class StorageExtension implements ExecutionCondition, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(StorageExtension.class);

    /** Registered by {@link EnabledIfStorage}. */
    public StorageExtension() {
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<EnabledIfStorage> found = annotation(context);
        if (found.isEmpty()) {
            return ConditionEvaluationResult.enabled("no @EnabledIfStorage here");
        }
        EnabledIfStorage storage = found.get();
        StorageTarget.minFree(storage);
        StorageTarget.Located located = locate(storage, context);
        StoragePlans.sequential(storage, located.target().map(StorageTarget::directory)
                .orElse(Path.of(".")));
        if (located.target().isEmpty()) {
            return ConditionEvaluationResult.disabled(located.reason());
        }
        StorageTarget target = located.target().get();
        try {
            Optional<String> skip = target.skipReason(storage);
            return skip.map(ConditionEvaluationResult::disabled)
                    .orElseGet(() -> ConditionEvaluationResult.enabled("storage "
                            + target.directory() + " (from " + target.source() + ")"));
        } catch (IOException e) {
            throw new UncheckedIOException("@EnabledIfStorage: could not probe "
                    + target.directory() + " (from " + target.source() + "): " + e.getMessage(), e);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return (type == SpeedReport.class || type == WorkloadReport.class
                || type == TargetInfo.class) && annotation(context).isPresent();
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        EnabledIfStorage storage = annotation(context).orElseThrow();
        Path directory = locate(storage, context).target()
                .orElseThrow(() -> new ParameterResolutionException(
                        "@EnabledIfStorage: no storage to measure"))
                .directory();
        Class<?> type = parameter.getParameter().getType();
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        try {
            if (type == TargetInfo.class) {
                return DriveSpeed.probe(directory);
            }
            if (type == SpeedReport.class) {
                SpeedReport report = store.get(SpeedReport.class, SpeedReport.class);
                if (report == null) {
                    report = StoragePlans.sequential(storage, directory).run();
                    store.put(SpeedReport.class, report);
                    context.publishReportEntry(ReportEntries.of(report));
                }
                return report;
            }
            String key = "workload-" + parameter.getIndex();
            WorkloadReport report = store.get(key, WorkloadReport.class);
            if (report == null) {
                MeasuredWorkload workload = parameter.findAnnotation(MeasuredWorkload.class)
                        .orElse(null);
                report = StoragePlans.run(StoragePlans.workload(workload, directory),
                        storage.bufferedFallback());
                store.put(key, report);
                context.publishReportEntry(ReportEntries.of(report));
            }
            return report;
        } catch (IOException e) {
            throw new ParameterResolutionException("@EnabledIfStorage: measuring " + directory
                    + " for " + type.getSimpleName() + " failed: " + e, e);
        }
    }

    private static StorageTarget.Located locate(EnabledIfStorage storage, ExtensionContext context) {
        return StorageTarget.locate(storage, context::getConfigurationParameter, System::getenv);
    }

    /** The annotation on the test method, else on its class (or an enclosing class). */
    private static Optional<EnabledIfStorage> annotation(ExtensionContext context) {
        Optional<EnabledIfStorage> onElement = AnnotationSupport.findAnnotation(
                context.getElement(), EnabledIfStorage.class);
        if (onElement.isPresent()) {
            return onElement;
        }
        for (Optional<Class<?>> c = context.getTestClass(); c.isPresent();
                c = Optional.ofNullable(c.get().getEnclosingClass())) {
            Optional<EnabledIfStorage> onClass = AnnotationSupport.findAnnotation(
                    (AnnotatedElement) c.get(), EnabledIfStorage.class);
            if (onClass.isPresent()) {
                return onClass;
            }
        }
        return Optional.empty();
    }
}
