package io.github.drivespeed.examples.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file the command writes its results or chart to ({@code --output}, {@code --chart}). Checked
 * before anything is measured: a directory is refused, an existing file is refused unless
 * {@code --overwrite} was given, and the parent directory must exist. Written in full to a
 * temporary file beside it and then moved into place, so a run that fails leaves no half-written
 * file and an existing one is replaced whole or not at all.
 */
final class OutputFile {

    /** Writes the content. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private final String option;
    private final Path path;
    private final boolean overwrite;

    private OutputFile(String option, Path path, boolean overwrite) {
        this.option = option;
        this.path = path;
        this.overwrite = overwrite;
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
    static OutputFile check(String option, String name, boolean overwrite) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("invalid value for option '" + option
                    + "': the file name is empty");
        }
        Path path = Path.of(name).toAbsolutePath().normalize();
        String problem = null;
        if (Files.isDirectory(path)) {
            problem = "it is a directory; give a file name";
        } else if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !overwrite) {
            problem = "the file exists; give --overwrite to replace it, or another name";
        } else if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path)) {
            problem = "it exists and is not a regular file";
        } else if (path.getParent() == null || !Files.isDirectory(path.getParent())) {
            problem = "its directory does not exist";
        } else if (!Files.isWritable(path.getParent())) {
            problem = "its directory is not writable";
        }
        if (problem != null) {
            throw new IllegalArgumentException("invalid value for option '" + option + "': '"
                    + name + "': " + problem);
        }
        return new OutputFile(option, path, overwrite);
    }

    /** @return the absolute path */
    Path path() {
        return path;
    }

    /**
     * Writes the file: to a temporary file in the same directory, then moved into place.
     *
     * @param content what to write
     * @throws IOException if writing or moving fails, naming the option and the file
     */
    void write(Content content) throws IOException {
        Path temp = Files.createTempFile(path.getParent(), "." + path.getFileName() + ".",
                ".part");
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                content.writeTo(out);
            }
            move(temp);
        } catch (FileAlreadyExistsException e) {
            Files.deleteIfExists(temp);
            throw new IOException(option + " " + path + ": the file appeared while measuring;"
                    + " nothing was replaced (give --overwrite to replace it)", e);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw new IOException(option + " " + path + ": could not be written: "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    private void move(Path temp) throws IOException {
        if (overwrite) {
            try {
                Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
            }
        } else {
            // no REPLACE_EXISTING: a file created meanwhile is never replaced
            Files.move(temp, path);
        }
    }
}
