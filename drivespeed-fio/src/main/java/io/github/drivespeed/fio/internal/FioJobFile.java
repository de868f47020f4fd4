package io.github.drivespeed.fio.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an fio job file as fio's ini parser ({@code init.c}, {@code __parse_jobs_ini}) does:
 * sections {@code [name]}, {@code [global]} among them; {@code key=value} and bare {@code key}
 * lines; a line whose first non-blank character is {@code ;} or {@code #} is a comment, and
 * anything from a {@code ;} or {@code #} on is cut from a line (fio's {@code strip_blank_end});
 * {@code include FILE} inside a section reads FILE's options into it (FILE relative to the job
 * file's directory when it is not found as given; no sections in it); {@code ${VAR}} in a line
 * is the environment variable's value. Where fio would go on silently, this refuses with the file
 * and line: an option before the first section, a section in an included file, an unset
 * variable (fio substitutes nothing, which can turn {@code filename=${DIR}/f} into
 * {@code /f}), and fio's {@code $ncpus}-style keywords.
 */
public final class FioJobFile {

    private static final Pattern SECTION = Pattern.compile("\\[([^\\]]+)\\]");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)\\}");
    private static final int MAX_INCLUDE_DEPTH = 16;

    private final Function<String, String> environment;

    /**
     * A reader of fio job files that expands {@code ${VAR}} from these environment variables.
     *
     * @param environment the environment variables, for {@code ${VAR}}
     */
    public FioJobFile(Map<String, String> environment) {
        this.environment = environment::get;
    }

    /**
     * {@return the job file's sections ({@code [global]} and the jobs), in order}
     *
     * @param file the job file
     * @throws IllegalArgumentException naming the file and line of what cannot be read
     * @throws IOException if the file (or an included one) cannot be read
     */
    public List<FioSection> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<FioSection> sections = new ArrayList<>();
        String name = null;
        String start = null;
        List<FioEntry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String where = file + ":" + (i + 1);
            String line = strip(lines.get(i));
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = SECTION.matcher(line);
            if (m.matches()) {
                if (name != null) {
                    sections.add(new FioSection(name, entries, start, true));
                }
                name = m.group(1).trim();
                start = where;
                entries = new ArrayList<>();
                continue;
            }
            if (line.startsWith("[")) {
                throw new IllegalArgumentException(where + ": '" + line + "' is a section header"
                        + " that is not closed: a section is named [name], the whole line");
            }
            if (name == null) {
                throw new IllegalArgumentException(where + ": '" + line + "' is outside of a"
                        + " [section]: a job file's options follow [global] or a job's [name]");
            }
            addLine(file, line, where, entries, 0);
        }
        if (name != null) {
            sections.add(new FioSection(name, entries, start, true));
        }
        return sections;
    }

    private void addLine(Path file, String line, String where, List<FioEntry> entries, int depth)
            throws IOException {
        if (line.startsWith("include ") || line.startsWith("include\t")) {
            include(file, line.substring("include".length()).trim(), where, entries, depth);
            return;
        }
        entries.add(entry(expand(line, where), where));
    }

    private void include(Path from, String name, String where, List<FioEntry> entries,
            int depth) throws IOException {
        if (depth >= MAX_INCLUDE_DEPTH) {
            throw new IllegalArgumentException(where + ": include nested more than "
                    + MAX_INCLUDE_DEPTH + " deep (a file that includes itself?)");
        }
        Path file = Path.of(expand(name, where));
        if (!Files.exists(file) && !file.isAbsolute() && from.getParent() != null) {
            file = from.getParent().resolve(file);
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(where + ": include " + name + ": no such file");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String here = file + ":" + (i + 1);
            String line = strip(lines.get(i));
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                throw new IllegalArgumentException(here + ": an included file holds options only,"
                        + " no [section] (fio: \"No new sections in included files\")");
            }
            addLine(file, line, here, entries, depth + 1);
        }
    }

    /** A line without its comment and surrounding blanks; empty for a comment line. */
    static String strip(String line) {
        String s = line;
        int cut = indexOfComment(s);
        if (cut >= 0) {
            s = s.substring(0, cut);
        }
        return s.strip();
    }

    private static int indexOfComment(String s) {
        int semicolon = s.indexOf(';');
        int hash = s.indexOf('#');
        if (semicolon < 0) {
            return hash;
        }
        return hash < 0 ? semicolon : Math.min(semicolon, hash);
    }

    /** {@code ${VAR}} replaced by the variable's value; unset ones and fio's keywords refused. */
    String expand(String text, String where) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = environment.apply(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException(where + ": environment variable '" + m.group(1)
                        + "' is not set (fio would put nothing in its place)");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        String expanded = sb.toString();
        for (String keyword : List.of("$pagesize", "$mb_memory", "$ncpus")) {
            if (expanded.contains(keyword)) {
                throw new IllegalArgumentException(where + ": fio's keyword " + keyword
                        + " is not supported; give the number");
            }
        }
        return expanded;
    }

    /** {@code key=value} (blanks around both cut) or a bare {@code key}. */
    static FioEntry entry(String line, String where) {
        int eq = line.indexOf('=');
        if (eq < 0) {
            return new FioEntry(line.strip(), null, where);
        }
        return new FioEntry(line.substring(0, eq).strip(), line.substring(eq + 1).strip(), where);
    }
}
