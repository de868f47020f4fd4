package io.github.drivespeed.internal.probe;

import io.github.drivespeed.target.CgroupVersion;
import io.github.drivespeed.target.MountInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cgroups of this process and the directories that hold them: {@code <proc>/self/cgroup}
 * names the process's cgroup in each hierarchy, and {@code <proc>/self/mountinfo} says where
 * each hierarchy is mounted, wherever that is (no path such as {@code /sys/fs/cgroup/blkio} is
 * assumed). Reads files only; what cannot be read is left out.
 *
 * <p>Formats (kernel {@code Documentation/admin-guide/cgroup-v2.rst}, "Processes", and cgroups(7)):
 * a line of {@code /proc/self/cgroup} is {@code hierarchy-ID:controller-list:cgroup-path}, the
 * controllers of a v1 hierarchy separated by commas ({@code 7:blkio:/app}), and {@code 0::/app}
 * for the v2 hierarchy. A v1 hierarchy is a mount of type {@code cgroup} whose super-block options
 * name its controllers; the v2 hierarchy, type {@code cgroup2}. A mount's root (the fourth field
 * of mountinfo) is the cgroup its mount point shows: {@code /} on the host, the container's own
 * cgroup where a container runtime bind-mounts it, so that a cgroup is found at the mount point
 * plus its path below that root; a cgroup outside every mount's root is not visible here.
 */
public final class Cgroups {

    private static final Logger LOG = LoggerFactory.getLogger(Cgroups.class);

    /**
     * One level of the process's cgroup path: a cgroup and the directory holding its files.
     *
     * @param directory the cgroup's directory
     * @param cgroup its path as {@code /proc/self/cgroup} names it, {@code /} for the root
     * @param version the hierarchy
     */
    record Level(Path directory, String cgroup, CgroupVersion version) {
    }

    private final Map<String, String> v1Paths;
    private final Optional<String> v2Path;
    private final List<MountInfo> mounts;

    private Cgroups(Map<String, String> v1Paths, Optional<String> v2Path, List<MountInfo> mounts) {
        this.v1Paths = Map.copyOf(v1Paths);
        this.v2Path = v2Path;
        this.mounts = List.copyOf(mounts);
    }

    /**
     * The cgroups of the process whose {@code /proc} is {@code procRoot}'s {@code self}.
     *
     * @param procRoot where {@code self/cgroup} and {@code self/mountinfo} are read
     * @return the process's cgroups; none where either file cannot be read
     */
    static Cgroups of(Path procRoot) {
        Optional<String> cgroup = read(procRoot.resolve("self").resolve("cgroup"));
        Optional<String> mountinfo = read(procRoot.resolve("self").resolve("mountinfo"));
        if (cgroup.isEmpty() || mountinfo.isEmpty()) {
            return new Cgroups(Map.of(), Optional.empty(), List.of());
        }
        return parse(cgroup.get(), MountTable.parse(mountinfo.get()));
    }

    /**
     * @param cgroupFile the text of {@code /proc/self/cgroup}
     * @param mounts the process's mounts
     * @return the cgroups it names
     */
    static Cgroups parse(String cgroupFile, MountTable mounts) {
        Map<String, String> v1 = new HashMap<>();
        Optional<String> v2 = Optional.empty();
        for (String line : cgroupFile.split("\n")) {
            String[] f = line.strip().split(":", 3);
            if (f.length != 3 || !f[2].startsWith("/")) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2 = Optional.of(f[2]);
            } else {
                for (String controller : f[1].split(",")) {
                    if (!controller.isEmpty()) {
                        v1.put(controller, f[2]);
                    }
                }
            }
        }
        return new Cgroups(v1, v2, mounts.mounts());
    }

    /**
     * The levels of the process's cgroup in the v1 hierarchy of a controller, from its own cgroup
     * up to the top one visible (the hierarchy's root on the host).
     *
     * @param controller for example {@code blkio} or {@code memory}
     * @return the levels, the process's own first; empty where the controller has no v1 hierarchy
     *     or its cgroup is not visible
     */
    List<Level> v1(String controller) {
        String path = v1Paths.get(controller);
        if (path == null) {
            return List.of();
        }
        return levels(path, CgroupVersion.V1, mounts.stream()
                .filter(m -> m.fileSystemType().equals("cgroup")
                        && m.superOptions().contains(controller)).toList());
    }

    /**
     * The levels of the process's cgroup in the v2 hierarchy, from its own cgroup up to the top
     * one visible.
     *
     * @return the levels, the process's own first; empty without a v2 hierarchy
     */
    List<Level> v2() {
        if (v2Path.isEmpty()) {
            return List.of();
        }
        return levels(v2Path.get(), CgroupVersion.V2, mounts.stream()
                .filter(m -> m.fileSystemType().equals("cgroup2")).toList());
    }

    /** The levels of {@code path} under the mount whose root holds it (the deepest root). */
    private static List<Level> levels(String path, CgroupVersion version, List<MountInfo> mounts) {
        MountInfo best = null;
        for (MountInfo m : mounts) {
            if (holds(m.root(), path)
                    && (best == null || m.root().length() > best.root().length())) {
                best = m;
            }
        }
        if (best == null) {
            LOG.debug("the {} cgroup {} is under no cgroup mount visible here", version.label(),
                    path);
            return List.of();
        }
        String root = best.root().equals("/") ? "" : best.root();
        String below = path.substring(root.length());
        List<Level> levels = new ArrayList<>();
        try {
            Path dir = best.mountPoint();
            List<String> names = new ArrayList<>();
            for (String name : below.split("/")) {
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
            for (int depth = names.size(); depth >= 0; depth--) {
                Path d = dir;
                StringBuilder cgroup = new StringBuilder(root);
                for (String name : names.subList(0, depth)) {
                    d = d.resolve(name);
                    cgroup.append('/').append(name);
                }
                levels.add(new Level(d, cgroup.length() == 0 ? "/" : cgroup.toString(), version));
            }
        } catch (InvalidPathException e) {
            LOG.debug("the {} cgroup {} has no path here: {}", version.label(), path, e.toString());
            return List.of();
        }
        return levels;
    }

    /** Whether a mount whose root is {@code root} shows the cgroup {@code path}. */
    private static boolean holds(String root, String path) {
        return root.equals("/") || path.equals(root) || path.startsWith(root + "/");
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.debug("cannot read {}: {}; no cgroup limit is looked for", file, e.toString());
            return Optional.empty();
        }
    }
}
