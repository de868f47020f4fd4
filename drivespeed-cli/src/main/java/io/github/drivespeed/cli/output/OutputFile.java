package io.github.drivespeed.cli.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file the command writes its results or chart to ({@code --output}, {@code --chart}).
 *
 * <p>{@link #check} runs before anything is measured: a directory, a device, a fifo or a socket
 * (or a symbolic link to one) is refused ({@link #checkOrDevice} writes a character device or a
 * fifo directly), an existing file is refused unless {@code --overwrite}
 * was given, and the parent directory must exist. {@link #create} then creates the temporary
 * file beside it ({@code .NAME.RANDOM.part}, default permissions: 0666 less the umask, as a shell
 * redirect gives), so that a file that cannot be created is found before measuring too; it is
 * kept until {@link #write} fills it and moves it into place, and {@link #close} removes it on
 * any failure (a shutdown hook does so on SIGINT or SIGTERM). A run that fails leaves no
 * half-written file, and an existing one is replaced whole or not at all, keeping its
 * permissions (and, where allowed, its owner and group). A symbolic link to a regular file is
 * written through: the file it points to is replaced, the link stays.
 */
public final class OutputFile implements AutoCloseable {

    /** The kernel's pseudo file systems, which take no new regular file (statfs(2)'s types). */
    private static final Set<String> PSEUDO_FILE_SYSTEMS = Set.of("proc", "sysfs", "cgroup",
            "cgroup2", "debugfs", "tracefs", "securityfs", "configfs", "pstore", "bpf",
            "efivarfs");

    /** Writes the content. */
    public interface Content {
        /**
         * Writes the file's content.
         *
         * @param out where to write it; closed by the caller
         * @throws IOException if writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /** File type bits of {@code st_mode} (stat(2), inode(7)). */
    private static final int S_IFMT = 0170000;

    private final String option;
    private final String name;
    private final Path path;
    private final Path target;
    private final boolean overwrite;
    /** Whether it is a character device ({@code /dev/null}), written directly. */
    private final boolean device;
    private Path temp;
    private Thread removeOnShutdown;

    private OutputFile(String option, String name, Path path, Path target, boolean overwrite,
            boolean device) {
        this.option = option;
        this.name = name;
        this.path = path;
        this.target = target;
        this.overwrite = overwrite;
        this.device = device;
    }

    /**
     * Checks the path, taking a character device or a fifo too ({@code /dev/null},
     * {@code /dev/stdout}, as fio's {@code --output} and a shell redirect take them): it is
     * written directly, nothing else is made.
     *
     * @param option the option that named it, for messages
     * @param name the path as given
     * @param overwrite whether an existing file may be replaced
     * @return the checked file
     * @throws IllegalArgumentException naming the option and the path when it cannot be used
     */
    public static OutputFile checkOrDevice(String option, String name, boolean overwrite) {
        Path path = Path.of(name).toAbsolutePath().normalize();
        String kind = name.isEmpty() || !Files.exists(path) || Files.isDirectory(path)
                || Files.isRegularFile(path) ? null : kind(path);
        if ("a character device".equals(kind) || "a fifo".equals(kind)) {
            return new OutputFile(option, name, path, path, overwrite, true);
        }
        return check(option, name, overwrite);
    }

    /**
     * Checks the path.
     *
     * @param option the option that named it, for messages
     * @param name the path as given
     * @param overwrite whether an existing file may be replaced
     * @return the checked file
     * @throws IllegalArgumentException naming the option and the path when it cannot be used
     */
    public static OutputFile check(String option, String name, boolean overwrite) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("invalid value for option '" + option
                    + "': the file name is empty");
        }
        Path path = Path.of(name).toAbsolutePath().normalize();
        Path target = path;
        String problem = null;
        boolean link = Files.isSymbolicLink(path);
        String through = link ? "a symbolic link to " : "";
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.exists(path)) {
                problem = "it is a symbolic link to a file that does not exist; give the file's"
                        + " own name";
            } else if (Files.isDirectory(path)) {
                problem = "it is " + through + "a directory; give a file name";
            } else if (!Files.isRegularFile(path)) {
                problem = "it is " + through + kind(path) + ", not a regular file";
            } else if (!overwrite) {
                problem = pseudoFileSystem(path.getParent()) ? "its directory " + path.getParent()
                        + " is on a kernel's pseudo file system, which takes no new files (and"
                        + " drivespeed writes the results to a new file beside the one named);"
                        + " give a path in a directory you can create files in"
                        : "the file exists; give --overwrite to replace it, or another name";
            } else {
                try {
                    target = path.toRealPath();
                } catch (IOException e) {
                    problem = "cannot follow the symbolic link: " + reason(e);
                }
            }
        } else if (path.getParent() == null || !Files.isDirectory(path.getParent())) {
            problem = directoryProblem(path.getParent());
        }
        if (problem != null) {
            throw new IllegalArgumentException("invalid value for option '" + option + "': '"
                    + name + "': " + problem);
        }
        return new OutputFile(option, name, path, target, overwrite, false);
    }

    /**
     * Why a file cannot be made in its directory, which is not one: the nearest ancestor that
     * exists is not a directory ({@code 'r.json' is a regular file, not a directory}), or the
     * directory does not exist.
     */
    /**
     * {@return whether a directory is on one of the kernel's pseudo file systems (proc, sysfs,
     * cgroup, debugfs and the like), where no new regular file can be created}
     */
    private static boolean pseudoFileSystem(Path directory) {
        try {
            return directory != null && PSEUDO_FILE_SYSTEMS.contains(
                    Files.getFileStore(directory).type());
        } catch (IOException e) {
            return false;
        }
    }

    private static String directoryProblem(Path directory) {
        for (Path p = directory; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isDirectory(p) ? "its directory does not exist: " + directory
                        : "'" + p + "' is " + (Files.isRegularFile(p) ? "a regular file"
                                : kind(p)) + ", not a directory";
            }
        }
        return "its directory does not exist: " + directory;
    }

    /** What a file that is not a regular file or a directory is, from its st_mode. */
    private static String kind(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode") & S_IFMT;
            switch (mode) {
                case 0020000:
                    return "a character device";
                case 0060000:
                    return "a block device";
                case 0010000:
                    return "a fifo";
                case 0140000:
                    return "a socket";
                default:
                    return "a special file";
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException
                | ClassCastException e) {
            return "a special file";
        }
    }

    /** {@return the absolute path as given (a symbolic link stays a link)} */
    public Path path() {
        return path;
    }

    /**
     * Creates the temporary file the content goes to, beside the file (or beside the file a
     * symbolic link points to), with the default permissions.
     *
     * @throws IOException naming the option, the path and the cause when it cannot be created
     */
    public void create() throws IOException {
        if (device) {
            return;
        }
        Path dir = target.getParent();
        for (int attempt = 0; ; attempt++) {
            Path candidate = dir.resolve("." + target.getFileName() + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong()) + ".part");
            try {
                Files.createFile(candidate);
                temp = candidate;
                break;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 10) {
                    throw failure("cannot create " + target, e);
                }
            } catch (IOException e) {
                throw new Refusal(noNewFiles(dir, e), e);
            }
        }
        Path created = temp;
        removeOnShutdown = new Thread(() -> deleteQuietly(created), "drivespeed-output-cleanup");
        Runtime.getRuntime().addShutdownHook(removeOnShutdown);
    }

    /**
     * Writes the file: to the temporary file made by {@link #create}, then moved into place.
     *
     * @param content what to write
     * @throws IOException if writing or moving fails, naming the option, the file and the cause
     */
    public void write(Content content) throws IOException {
        if (device) {
            try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            } catch (IOException e) {
                throw failure("cannot write " + target, e);
            }
            return;
        }
        if (temp == null) {
            create();
        }
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                content.writeTo(out);
            }
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                if (!overwrite) {
                    throw new FileAlreadyExistsException(target.toString());
                }
                if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                    throw new Refusal(option + " " + name + ": " + target
                            + " is no longer a regular file; nothing was replaced", null);
                }
                keepAttributes();
            }
            move();
            temp = null;
        } catch (FileAlreadyExistsException e) {
            throw new Refusal(option + " " + name + ": the file appeared while measuring;"
                    + " nothing was replaced (give --overwrite to replace it)", e);
        } catch (Refusal e) {
            throw e;
        } catch (IOException e) {
            throw failure("cannot write " + target, e);
        } finally {
            close();
        }
    }

    /** Gives the temporary file the replaced file's permissions, owner and group. */
    private void keepAttributes() throws IOException {
        PosixFileAttributes old = Files.readAttributes(target, PosixFileAttributes.class);
        Files.setPosixFilePermissions(temp, old.permissions());
        PosixFileAttributeView view = Files.getFileAttributeView(temp,
                PosixFileAttributeView.class);
        PosixFileAttributes now = view.readAttributes();
        try {
            if (!now.owner().equals(old.owner())) {
                view.setOwner(old.owner());
            }
            if (!now.group().equals(old.group())) {
                view.setGroup(old.group());
            }
        } catch (IOException e) {
            // only root may give a file away; like mv(1), the new file is then the caller's
        }
    }

    private void move() throws IOException {
        if (overwrite) {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } else {
            // no REPLACE_EXISTING: a file created meanwhile is never replaced
            Files.move(temp, target);
        }
    }

    /** Removes the temporary file if it is still there (nothing was written). */
    @Override
    public void close() {
        if (temp != null) {
            deleteQuietly(temp);
            temp = null;
        }
        if (removeOnShutdown != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(removeOnShutdown);
            } catch (IllegalStateException e) {
                // shutting down: the hook removes it
            }
            removeOnShutdown = null;
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // nothing more to do; the name starts with a dot and ends in .part
        }
    }

    /**
     * {@code invalid value for option '-o': '/proc/version': cannot be written there: its
     * directory /proc does not take new files (No such file or directory); ...}: the results go
     * to a new file beside the one named and are moved into place, so a directory that takes no
     * new file (a pseudo file system, one without write permission) refuses the file, even an
     * existing one with {@code --overwrite}.
     */
    private String noNewFiles(Path dir, IOException cause) {
        return "invalid value for option '" + option + "': '" + name + "': cannot be written"
                + " there: its directory " + dir + " does not take new files (" + reason(cause)
                + "), and drivespeed writes the results to a new file beside " + target.getFileName()
                + " and moves it into place; give a path in a directory you can create files in";
    }

    private IOException failure(String what, IOException cause) {
        return new IOException(option + " " + name + ": " + what + ": " + reason(cause), cause);
    }

    /** The cause as strerror(3) says it, where the exception keeps it. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return Objects.requireNonNullElse(e.getMessage(),
                e.getClass().getSimpleName().toLowerCase(Locale.ROOT));
    }

    /** A refusal already worded with the option and file: passed on as it is. */
    private static final class Refusal extends IOException {
        private static final long serialVersionUID = 1L;

        Refusal(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
