package io.github.drivespeed.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;

/**
 * What a module descriptor requires, resolved as the Maven compiler plugin resolves it before
 * compiling: from the module's compiled {@code module-info.class}, through the {@code requires}
 * of every module it reaches, against the jars on the test class path (the module's
 * dependencies; in a reactor build also other modules' class directories) and the JDK's
 * modules. {@link #filenameBasedAutomodules} are the jars the
 * compiler plugin names in its warning "Required filename-based automodules detected ...
 * Please don't publish this project to a public artifact repository!": automatic modules whose
 * name Java makes up from the jar's file name (no {@code module-info.class}, no
 * {@code Automatic-Module-Name} in the manifest), which break for any consumer whose build names
 * the jar differently.
 */
public final class ModuleRequirements {

    private ModuleRequirements() {
    }

    /**
     * {@return where a class was loaded from: its module's class directory, or its jar where
     * the tests run against the jar (drivespeed-test's tests on JUnit 6)}
     *
     * @param moduleClass a class of the module's main code
     */
    public static Path locationOf(Class<?> moduleClass) {
        try {
            return Path.of(moduleClass.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("no location of " + moduleClass, e);
        }
    }

    /**
     * {@return {@link #filenameBasedAutomodules(Path, String)} of the module {@code moduleClass}
     * belongs to, resolved against the tests' class path}
     *
     * @param moduleClass a class of the module's main code
     */
    public static Set<String> filenameBasedAutomodulesOf(Class<?> moduleClass) {
        return filenameBasedAutomodules(locationOf(moduleClass), testClassPath());
    }

    /**
     * {@return the file names of the jars, in alphabetical order, that the module in
     * {@code classes} (a class directory or a jar) requires, directly or through other modules, as automatic modules named
     * from their file names; a required module found nowhere is named {@code "<name> (not
     * found)"}}
     *
     * @param classes a module's compiled classes or its jar, holding its
     *     {@code module-info.class}
     * @param classPath the jars to resolve against, as {@code java.class.path} lists them
     */
    public static Set<String> filenameBasedAutomodules(Path classes, String classPath) {
        Map<String, Found> modules = modulesIn(classPath);
        ModuleFinder jdk = ModuleFinder.ofSystem();
        Set<String> offending = new TreeSet<>();
        Set<String> seen = new HashSet<>();
        Deque<ModuleDescriptor.Requires> pending = new ArrayDeque<>(descriptor(classes).requires());
        while (!pending.isEmpty()) {
            String name = pending.pop().name();
            if (!seen.add(name) || jdk.find(name).isPresent()) {
                continue;
            }
            Found m = modules.get(name);
            if (m == null) {
                offending.add(name + " (not found)");
            } else if (m.descriptor().isAutomatic()) {
                if (!namedInManifest(m.jar())) {
                    offending.add(m.jar().getFileName().toString());
                }
            } else {
                m.descriptor().requires().stream()
                        .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                        .forEach(pending::push);
            }
        }
        return offending;
    }

    private record Found(ModuleDescriptor descriptor, Path jar) {
    }

    private static ModuleDescriptor descriptor(Path classes) {
        if (Files.isDirectory(classes)) {
            try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
                return ModuleDescriptor.read(in);
            } catch (IOException e) {
                throw new UncheckedIOException("no compiled module descriptor in " + classes, e);
            }
        }
        try (JarFile jar = new JarFile(classes.toFile())) {
            var entry = jar.getEntry("module-info.class");
            if (entry == null) {
                throw new IllegalStateException("no module descriptor in " + classes);
            }
            try (InputStream in = jar.getInputStream(entry)) {
                return ModuleDescriptor.read(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + classes, e);
        }
    }

    /** Each jar's or class directory's module, the first of a name winning, as on a module path. */
    private static Map<String, Found> modulesIn(String classPath) {
        Map<String, Found> modules = new LinkedHashMap<>();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            Path jar = Path.of(entry);
            boolean module = entry.endsWith(".jar") ? Files.isRegularFile(jar)
                    : Files.isRegularFile(jar.resolve("module-info.class"));
            if (!module) {
                // a directory of classes that is no module (a module's test classes)
                continue;
            }
            try {
                for (ModuleReference ref : ModuleFinder.of(jar).findAll()) {
                    modules.putIfAbsent(ref.descriptor().name(), new Found(ref.descriptor(), jar));
                }
            } catch (FindException e) {
                // a jar that cannot be a module at all (an invalid derived name): nothing
                // requires it by that name
                continue;
            }
        }
        return modules;
    }

    private static boolean namedInManifest(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.getManifest() != null && f.getManifest().getMainAttributes()
                    .getValue("Automatic-Module-Name") != null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    /**
     * The test class path as the forked test JVM sees it.
     *
     * @return {@code java.class.path}
     */
    public static String testClassPath() {
        return System.getProperty("java.class.path");
    }
}
