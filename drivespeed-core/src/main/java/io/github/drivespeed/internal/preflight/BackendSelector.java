package io.github.drivespeed.internal.preflight;

import io.github.drivespeed.error.InvalidSettingException;
import io.github.drivespeed.internal.javaio.JavaIoBackend;
import io.github.drivespeed.report.BackendInfo;
import io.github.drivespeed.spi.IoBackend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Picks the I/O backend: the available {@link ServiceLoader} provider with the highest priority,
 * else the pure-Java backend. Decided once per class loader and logged once.
 */
public final class BackendSelector {

    private static final Logger LOG = LoggerFactory.getLogger(BackendSelector.class);

    /**
     * The backend that was chosen and how it is described in reports.
     *
     * @param backend the backend
     * @param info its name and description, as reports give them
     */
    public record Selection(IoBackend backend, BackendInfo info) { }

    private static volatile Selection selected;

    private BackendSelector() {
    }

    /** {@return the backend to use by default} */
    public static Selection selected() {
        Selection s = selected;
        if (s == null) {
            synchronized (BackendSelector.class) {
                s = selected;
                if (s == null) {
                    Loaded loaded = loadProviders();
                    s = select(loaded.providers(), loaded.failures());
                    selected = s;
                }
            }
        }
        return s;
    }

    /**
     * Describes a backend the caller chose explicitly. An explicit choice is never replaced by
     * another backend behind the caller's back: an unavailable one is an error.
     *
     * @param backend the backend
     * @return its selection, with no fallback reason
     * @throws IllegalArgumentException if the backend reports itself unavailable here
     */
    public static Selection explicit(IoBackend backend) {
        Objects.requireNonNull(backend, "backend");
        Optional<String> reason = backend.unavailableReason();
        if (reason.isPresent()) {
            throw new InvalidSettingException("backend", backend.name(),
                    "is unavailable here: " + reason.get());
        }
        return new Selection(backend,
                new BackendInfo(backend.name(), backend.description(), Optional.empty()));
    }

    /**
     * The backend with the given {@link IoBackend#name() name}: the pure-Java one or a
     * {@link ServiceLoader} provider.
     *
     * @param name for example {@code java} or {@code native}
     * @return the backend
     * @throws IllegalArgumentException if no backend has that name, naming the ones there are
     */
    public static IoBackend named(String name) {
        Objects.requireNonNull(name, "backend");
        List<IoBackend> all = new ArrayList<>(loadProviders().providers());
        all.add(new JavaIoBackend());
        for (IoBackend candidate : all) {
            if (candidate.name().equals(name)) {
                return candidate;
            }
        }
        List<String> names = new ArrayList<>();
        for (IoBackend candidate : all) {
            names.add(candidate.name());
        }
        names.sort(null);
        throw new InvalidSettingException("backend", name,
                "must be one of " + String.join(", ", names));
    }

    /** The fallback reason when no backend but the pure-Java one is on the class path. */
    static final String NO_PROVIDER = "no native backend is on the class path (add"
            + " io.github.drivespeed:drivespeed-native and JNA for O_TMPFILE, posix_fadvise"
            + " and Linux AIO)";

    /** The providers that loaded, and why the others did not. */
    private record Loaded(List<IoBackend> providers, List<String> failures) { }

    private static Loaded loadProviders() {
        List<IoBackend> providers = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        ServiceLoader<IoBackend> loader = ServiceLoader.load(IoBackend.class,
                BackendSelector.class.getClassLoader());
        var it = loader.iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                providers.add(it.next());
            } catch (ServiceConfigurationError | LinkageError e) {
                LOG.info("an I/O backend could not be loaded: {}", e.toString());
                failures.add("an I/O backend could not be loaded: " + e);
            }
        }
        return new Loaded(providers, failures);
    }

    /**
     * Chooses among {@code providers}; visible for tests.
     *
     * @param providers the backends that loaded
     * @param loadFailures why other providers did not load; part of the fallback reason
     */
    static Selection select(List<IoBackend> providers, List<String> loadFailures) {
        List<IoBackend> ordered = new ArrayList<>(providers);
        ordered.sort(Comparator.comparingInt(IoBackend::priority).reversed());
        List<String> reasons = new ArrayList<>(loadFailures);
        for (IoBackend candidate : ordered) {
            Optional<String> reason;
            try {
                reason = candidate.unavailableReason();
            } catch (RuntimeException | LinkageError e) {
                reason = Optional.of(e.toString());
            }
            if (reason.isEmpty()) {
                Optional<String> fallback = reasons.isEmpty()
                        ? Optional.empty() : Optional.of(String.join("; ", reasons));
                return log(new Selection(candidate,
                        new BackendInfo(candidate.name(), candidate.description(), fallback)));
            }
            reasons.add(candidate.name() + " backend unavailable: " + reason.get());
        }
        if (providers.isEmpty() && loadFailures.isEmpty()) {
            reasons.add(NO_PROVIDER);
        }
        IoBackend java = new JavaIoBackend();
        Optional<String> fallback = Optional.of(String.join("; ", reasons));
        return log(new Selection(java, new BackendInfo(java.name(), java.description(), fallback)));
    }

    private static Selection log(Selection s) {
        if (s.info().fallbackReason().isPresent()) {
            LOG.info("using the {} I/O backend because {}", s.info().name(),
                    s.info().fallbackReason().get());
        } else {
            LOG.debug("using the {} I/O backend", s.info().name());
        }
        return s;
    }
}
