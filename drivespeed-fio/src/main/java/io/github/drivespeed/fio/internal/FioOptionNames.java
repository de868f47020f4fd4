package io.github.drivespeed.fio.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The known fio option a name that is none was likely meant as, for the refusal of an unknown
 * option: the closest by edit distance (Levenshtein), when it is close enough to be a
 * misspelling.
 */
final class FioOptionNames {

    private FioOptionNames() {
    }

    /**
     * The known option name (taken or refused, aliases too) closest to {@code key}, when it is
     * at most 2 edits away (insertions, deletions, substitutions; 1 for a name shorter than 6):
     * a misspelling such as {@code blocksiz} for {@code blocksize}.
     *
     * @param key the name as written
     * @param rows the known options
     * @return the closest name, or empty when none is that close
     */
    static Optional<String> nearest(String key, List<FioOptions.Row> rows) {
        String best = null;
        int bestDistance = key.length() >= 6 ? 3 : 2;
        for (FioOptions.Row r : rows) {
            List<String> names = new ArrayList<>(r.aliases());
            names.add(0, r.name());
            for (String n : names) {
                int d = editDistance(key.toLowerCase(Locale.ROOT), n);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = n;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private static int editDistance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1),
                        diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }
}
