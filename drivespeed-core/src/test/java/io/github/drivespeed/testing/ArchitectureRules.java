package io.github.drivespeed.testing;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.all;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.constructors;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.domain.Source;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.lang.AbstractClassesTransformer;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The layering of drivespeed as rules, over a base package so that each rule can also be shown
 * failing on a small fixture that breaks it ({@code ArchitectureRulesFixtureTest}). The modules'
 * architecture tests apply them to {@code io.github.drivespeed}.
 *
 * <p>The layers, bottom up: {@code unit}; {@code error}, {@code warning}; {@code target},
 * {@code parameters}; {@code report}; {@code progress}; {@code requirement}; then the engine
 * ({@code internal.*}); then the entry point and plans (the base package itself). {@code spi}
 * stands apart, depending on nothing of the project. Other modules ({@code nativeio},
 * {@code cli}, {@code examples}) sit on top and see only what core exports. Inside the engine,
 * its rooms, bottom up: {@code internal.figures} (below every room, and usable by the values);
 * {@code internal.io}; {@code internal.verify}, {@code internal.files},
 * {@code internal.preflight}; {@code internal.measure}; {@code internal.workload}; beside them
 * {@code internal.jfr}, which records the plans' reports and reads nothing of the engine.
 */
public final class ArchitectureRules {

    /** The real base package. */
    public static final String DRIVESPEED = "io.github.drivespeed";

    /**
     * Where a module's main sources are, from the module's directory (the tests' working
     * directory), for {@link #packagesStaySmall}.
     */
    public static final Path MAIN_SOURCES = Path.of("src", "main", "java");

    /**
     * The most top-level classes a package holds (33 in {@code nativeio}, the largest room today;
     * 31 in {@code report}).
     */
    public static final int MAX_CLASSES_PER_PACKAGE = 40;

    /**
     * The most lines a package's source files hold together, as {@code wc -l} counts them
     * (about 4,460 in {@code report}, the largest room today; 3,850 in {@code nativeio}).
     */
    public static final int MAX_LINES_PER_PACKAGE = 4_500;

    private ArchitectureRules() {
    }

    /**
     * No two packages depend on each other, directly or through others: each package under
     * {@code base} is a slice (each {@code internal.X} its own), and so is {@code base} itself,
     * which a slice pattern such as {@code base.(*)..} would leave out.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule noPackageCycles(String base) {
        return slices().assignedFrom(packagesUnder(base)).should().beFreeOfCycles()
                .allowEmptyShould(false);
    }

    /**
     * The service-provider interface depends on nothing else of the project, so that a backend
     * implements it without pulling in the engine or the reports.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule spiDependsOnNothingOfTheProject(String base) {
        return noClasses().that().resideInAPackage(base + ".spi..")
                .should().dependOnClassesThat(resideInAPackage(base + "..")
                        .and(not(resideInAPackage(base + ".spi.."))))
                .allowEmptyShould(false);
    }

    /**
     * What the checks of a medium found besides its figures ({@code report.medium}: the kind of
     * medium, a cache's estimate, constant fills, the warm-up's write) are leaf values: they
     * depend on no package of the project but {@code unit} and {@code warning} (and
     * {@code internal.figures}, the size text and thresholds the values share with the engine),
     * so the reports hold them and never the other way round.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule mediumFindingsAreLeafValues(String base) {
        return noClasses().that().resideInAPackage(base + ".report.medium..")
                .should().dependOnClassesThat(resideInAPackage(base + "..")
                        .and(not(resideInAPackage(base + ".report.medium..")))
                        .and(not(resideInAPackage(base + ".unit..")))
                        .and(not(resideInAPackage(base + ".warning..")))
                        .and(not(resideInAPackage(base + ".internal.figures.."))))
                .allowEmptyShould(false);
    }

    /**
     * What the measuring itself did ({@code report.engine}: the engine, the I/Os in flight, the
     * CPU time) are leaf values: they depend on no package of the project but {@code parameters}
     * and {@code unit} (and {@code internal.check}, the setting checks every record applies), so
     * the reports hold them and never the other way round.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule engineFiguresAreLeafValues(String base) {
        return noClasses().that().resideInAPackage(base + ".report.engine..")
                .should().dependOnClassesThat(resideInAPackage(base + "..")
                        .and(not(resideInAPackage(base + ".report.engine..")))
                        .and(not(resideInAPackage(base + ".parameters..")))
                        .and(not(resideInAPackage(base + ".unit..")))
                        .and(not(resideInAPackage(base + ".internal.check.."))))
                .allowEmptyShould(false);
    }

    /**
     * The view of every report ({@code report.view}) reads the reports; the reports never depend
     * on it, so that it is a consumer's shape of them, not a part of them.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule reportsDoNotDependOnTheirView(String base) {
        return noClasses().that().resideInAPackage(base + ".report..")
                .and().resideOutsideOfPackage(base + ".report.view..")
                .should().dependOnClassesThat(resideInAPackage(base + ".report.view.."))
                .allowEmptyShould(false);
    }

    /**
     * The values a run returns or is described by (reports, target, requirements, warnings,
     * units, parameters, listeners, errors) do not depend on the engine, the probe or a backend:
     * they are data, usable and testable without running anything. (They may use
     * {@code internal.check}, the setting checks every record applies, and
     * {@code internal.figures}, the size text and thresholds they share with the engine.)
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule valuesDoNotDependOnTheEngine(String base) {
        return noClasses().that().resideInAnyPackage(base + ".report..", base + ".target..",
                        base + ".requirement..", base + ".warning..", base + ".unit..",
                        base + ".parameters..", base + ".progress..", base + ".error..")
                .should().dependOnClassesThat(resideInAPackage(base + ".internal..")
                        .and(not(resideInAPackage(base + ".internal.check..")))
                        .and(not(resideInAPackage(base + ".internal.figures.."))))
                .allowEmptyShould(false);
    }

    /**
     * The I/O loop is the engine's floor: {@code internal.io} (the loop, what it calls per I/O,
     * the failure mapping) depends on no other package of {@code internal}, so that what runs
     * per I/O can be read, tested and timed alone.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule ioLoopDependsOnNoOtherRoom(String base) {
        return roomDependsOnlyOn(base, "io");
    }

    /**
     * Verification ({@code internal.verify}) checks what the I/O loop read with the
     * classifications of {@code internal.genuine}, and knows nothing of test files, the
     * preflight or the measurements.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule verificationDependsOnlyOnTheIoLoop(String base) {
        return roomDependsOnlyOn(base, "verify", "io", "genuine");
    }

    /**
     * The test files' lifecycle ({@code internal.files}) uses the I/O loop's failure mapping
     * only: it never depends on verification, the preflight or the measurements.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule testFilesDependOnlyOnTheIoLoop(String base) {
        return roomDependsOnlyOn(base, "files", "io");
    }

    /**
     * The preflight ({@code internal.preflight}) examines and checks, and creates nothing: it
     * depends on the I/O loop's failure mapping, the probe and the pure-Java backend only, never
     * on test files, verification or the measurements.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule preflightCreatesNothing(String base) {
        return roomDependsOnlyOn(base, "preflight", "io", "probe", "javaio");
    }

    /**
     * The kinds of measurement ({@code internal.measure}) build on every room below them and
     * never on the workloads, which build on their template.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule measurementsDoNotDependOnWorkloads(String base) {
        return roomDependsOnlyOn(base, "measure", "io", "verify", "files", "preflight", "genuine",
                "probe", "check");
    }

    /**
     * The Flight Recorder events ({@code internal.jfr}) are made from the reports alone, through
     * their view: they depend on no other package of {@code internal}, so every kind of report
     * is recorded the same way and no engine class is loaded for them.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule flightEventsReadOnlyReports(String base) {
        return roomDependsOnlyOn(base, "jfr");
    }

    /**
     * The workloads ({@code internal.workload}) are the engine's top room: no other package of
     * {@code internal} uses them; only the plans of the base package do.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule onlyThePlansUseWorkloads(String base) {
        return noClasses().that().resideInAPackage(base + ".internal..")
                .and().resideOutsideOfPackage(base + ".internal.workload..")
                .should().dependOnClassesThat().resideInAPackage(base + ".internal.workload..")
                .allowEmptyShould(false);
    }

    /**
     * Classes of {@code internal.room} depend on no package of {@code internal} but their own
     * and {@code allowed} ({@code internal.X} each, with its sub-packages).
     */
    private static ArchRule roomDependsOnlyOn(String base, String room, String... allowed) {
        // internal.figures is below every room: the size text and thresholds the values share
        DescribedPredicate<JavaClass> others = resideInAPackage(base + ".internal..")
                .and(not(resideInAPackage(base + ".internal." + room + "..")))
                .and(not(resideInAPackage(base + ".internal.figures..")));
        StringBuilder rooms = new StringBuilder("internal." + room);
        for (String a : allowed) {
            others = others.and(not(resideInAPackage(base + ".internal." + a + "..")));
            rooms.append(", internal.").append(a);
        }
        return noClasses().that().resideInAPackage(base + ".internal." + room + "..")
                .should().dependOnClassesThat(others.as("classes of internal outside " + rooms))
                .allowEmptyShould(false);
    }

    /**
     * Each package under {@code base} is a room read in one sitting: at most
     * {@link #MAX_CLASSES_PER_PACKAGE} top-level classes and {@link #MAX_LINES_PER_PACKAGE} lines
     * of source (docs/architecture.md, "Classes stay small"). A room that grows past either is
     * split by concern, as the engine was into {@code internal.io}, {@code internal.files},
     * {@code internal.measure} and the others.
     *
     * @param base the base package
     * @param sourceRoots the directories that hold the packages' sources ({@link #MAIN_SOURCES}
     *     for a module's own; more where a module compiles sources from another directory too,
     *     each file counted from the first that has it)
     * @return the rule
     */
    public static ArchRule packagesStaySmall(String base, Path... sourceRoots) {
        return all(packagesUnderBase(base))
                .should(holdAtMost(List.of(sourceRoots), MAX_CLASSES_PER_PACKAGE,
                        MAX_LINES_PER_PACKAGE))
                .allowEmptyShould(false);
    }

    /**
     * Each package under {@code base} holds at most {@code maxClasses} top-level classes and
     * {@code maxLines} lines of source: {@link #packagesStaySmall} with other limits, for its
     * fixture.
     *
     * @param base the base package
     * @param sourceRoot the directory that holds the packages' sources
     * @param maxClasses the most top-level classes of one package
     * @param maxLines the most lines of one package's source files together
     * @return the rule
     */
    public static ArchRule packagesHoldAtMost(String base, Path sourceRoot, int maxClasses,
            int maxLines) {
        return all(packagesUnderBase(base))
                .should(holdAtMost(List.of(sourceRoot), maxClasses, maxLines))
                .allowEmptyShould(false);
    }

    private static AbstractClassesTransformer<JavaPackage> packagesUnderBase(String base) {
        return new AbstractClassesTransformer<>("packages under " + base) {
            @Override
            public Iterable<JavaPackage> doTransform(JavaClasses classes) {
                Set<JavaPackage> packages = new TreeSet<>(
                        Comparator.comparing(HasName::getName));
                for (JavaClass c : classes) {
                    if (c.getPackageName().equals(base)
                            || c.getPackageName().startsWith(base + ".")) {
                        packages.add(c.getPackage());
                    }
                }
                return packages;
            }
        };
    }

    private static ArchCondition<JavaPackage> holdAtMost(List<Path> sourceRoots, int maxClasses,
            int maxLines) {
        return new ArchCondition<>("hold at most " + maxClasses + " top-level classes and "
                + maxLines + " lines of source") {
            @Override
            public void check(JavaPackage pkg, ConditionEvents events) {
                List<JavaClass> topLevel = pkg.getClasses().stream()
                        .filter(c -> c.isTopLevelClass() && c.getSource().isPresent()
                                && !c.getSimpleName().equals("package-info"))
                        .toList();
                Set<String> files = new TreeSet<>();
                for (JavaClass c : topLevel) {
                    files.add(c.getSource().flatMap(Source::getFileName)
                            .orElse(c.getSimpleName() + ".java"));
                }
                String directory = pkg.getName().replace('.', '/');
                long lines = 0;
                for (String file : files) {
                    lines += lineCount(sourceRoots.stream()
                            .map(r -> r.resolve(directory).resolve(file))
                            .filter(Files::exists).findFirst()
                            .orElse(sourceRoots.get(0).resolve(directory).resolve(file)));
                }
                int classes = topLevel.size();
                boolean small = classes <= maxClasses && lines <= maxLines;
                events.add(new SimpleConditionEvent(pkg, small, "package " + pkg.getName()
                        + " has " + classes + " top-level classes (at most " + maxClasses + ") and "
                        + lines + " lines in " + sourceRoots.get(0).resolve(directory)
                        + " (at most " + maxLines + ")"
                        + (small ? "" : ": split it into sub-packages by concern, each a room"
                                + " with one job, and add each new room's dependency rule to"
                                + " ArchitectureRules (docs/architecture.md, \"Classes stay"
                                + " small\")")));
            }
        };
    }

    /** The lines of a source file, as {@code wc -l} counts them; a missing file fails the rule. */
    private static long lineCount(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file.toAbsolutePath()
                    + " to count the lines of its package: run the architecture test from the"
                    + " module's directory, with its sources under the source root given", e);
        }
    }

    /**
     * Nothing outside core (the native backend, the command line, the examples, drivespeed-test)
     * uses core's internal packages (which its module descriptor does not export either).
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule nothingOutsideCoreUsesInternal(String base) {
        return noClasses().that().resideInAnyPackage(base + ".nativeio..", base + ".cli..",
                        base + ".examples..", base + ".test..")
                .should().dependOnClassesThat().resideInAPackage(base + ".internal..");
    }

    /**
     * The command line, the examples and drivespeed-test use only the public API: neither core's
     * internal packages nor the native backend's classes (found through {@code ServiceLoader},
     * chosen by name).
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule onlyPublicApiInCliAndExamples(String base) {
        return noClasses().that().resideInAnyPackage(base + ".cli..", base + ".examples..",
                        base + ".test..")
                .should().dependOnClassesThat().resideInAnyPackage(base + ".internal..",
                        base + ".nativeio..");
    }

    /**
     * Reports and parameters are built one way: a record, through its canonical constructor
     * (whose compact form checks every value), or a class with a private constructor and static
     * factories. No other public constructor: a public overload is one more signature users may
     * call, and one more for every field a value gains.
     *
     * @param base the base package
     * @return the rule
     */
    public static ArchRule valuesAreBuiltOneWay(String base) {
        return constructors().that().areDeclaredInClassesThat()
                .resideInAnyPackage(base + ".report..", base + ".parameters..")
                .and().arePublic()
                .should(beARecordsCanonicalConstructor())
                .allowEmptyShould(false);
    }

    private static ArchCondition<JavaConstructor> beARecordsCanonicalConstructor() {
        return new ArchCondition<>("be a record's canonical constructor") {
            @Override
            public void check(JavaConstructor constructor, ConditionEvents events) {
                Class<?> owner = constructor.getOwner().reflect();
                List<String> components = owner.isRecord()
                        ? Arrays.stream(owner.getRecordComponents()).map(RecordComponent::getType)
                                .map(Class::getName).toList()
                        : null;
                List<String> parameters = constructor.getRawParameterTypes().stream()
                        .map(JavaClass::getName).toList();
                boolean canonical = parameters.equals(components);
                events.add(new SimpleConditionEvent(constructor, canonical,
                        constructor.getFullName() + (canonical ? " is" : " is not")
                                + " the canonical constructor of a record"));
            }
        };
    }

    /** Each package under {@code base} (each {@code internal.X}) a slice, {@code base} one too. */
    private static SliceAssignment packagesUnder(String base) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String pkg = javaClass.getPackageName();
                if (pkg.equals(base)) {
                    return SliceIdentifier.of("(root package " + base + ")");
                }
                if (!pkg.startsWith(base + ".")) {
                    return SliceIdentifier.ignore();
                }
                String[] parts = pkg.substring(base.length() + 1).split("\\.");
                return SliceIdentifier.of(parts[0].equals("internal") && parts.length > 1
                        ? "internal." + parts[1] : parts[0]);
            }

            @Override
            public String getDescription() {
                return "packages under " + base + ", and " + base + " itself";
            }
        };
    }
}
