package io.github.drivespeed.cli.options;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The option a mistyped name most likely meant: the same name with its dashes and underscores
 * dropped ({@code --blocksize}, {@code --block_size} for {@code --block-size}), else the one at
 * the smallest edit distance (Levenshtein, at most {@value #MAX_EDITS} edits and fewer than
 * half the name's letters).
 */
public final class CloseNames {

    /** The most edits a name may be from an option and still be taken for it. */
    static final int MAX_EDITS = 2;

    private CloseNames() {
    }

    /**
     * {@return the option {@code typed} most likely meant; empty when none is close}
     *
     * @param typed a name as typed, with its dashes ({@code --blocksize})
     * @param options the options' names, with their dashes ({@code --block-size})
     */
    public static Optional<String> closest(String typed, Collection<String> options) {
        String key = normalized(typed);
        List<String> longNames = options.stream().filter(o -> o.startsWith("--")
                && !o.equals(typed)).toList();
        Optional<String> same = longNames.stream().filter(o -> normalized(o).equals(key))
                .findFirst();
        if (same.isPresent()) {
            return same;
        }
        String best = null;
        int bestEdits = Integer.MAX_VALUE;
        for (String option : longNames) {
            int edits = edits(key, normalized(option));
            if (edits < bestEdits) {
                best = option;
                bestEdits = edits;
            }
        }
        return bestEdits <= MAX_EDITS && bestEdits * 2 < key.length()
                ? Optional.of(best) : Optional.empty();
    }

    /** The name without its dashes and underscores, in lower case. */
    private static String normalized(String name) {
        return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    /** The Levenshtein distance: insertions, deletions and substitutions of one letter. */
    private static int edits(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
