package io.yarndl.sim.dl2;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Workload seeds as the DL2 commands take them: a comma list of seeds and inclusive ranges, e.g.
 * {@code 1-8,12,20-21}. Order is kept (it is the order of episodes and of per-seed results); a seed
 * given twice is an error, since it would only repeat a run.
 */
public final class SeedList {

    /** More seeds than this in one list is almost surely a typo (a range of years, say). */
    static final int MAX_SEEDS = 100_000;

    private SeedList() {
    }

    /**
     * The seeds {@code text} names.
     *
     * @throws IllegalArgumentException naming the piece that is not a seed or a range
     */
    public static List<Long> parse(String text) {
        LinkedHashSet<Long> seeds = new LinkedHashSet<>();
        for (String raw : text.split(",", -1)) {
            String piece = raw.trim();
            if (piece.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "' has an empty item; write seeds like 1-8,12");
            }
            int dash = piece.indexOf('-', 1);
            long from = number(dash < 0 ? piece : piece.substring(0, dash), piece);
            long to = dash < 0 ? from : number(piece.substring(dash + 1), piece);
            if (to < from) {
                throw new IllegalArgumentException("range '" + piece + "' runs backwards; write it as " + to + "-" + from);
            }
            if (to - from >= MAX_SEEDS || seeds.size() + (to - from) >= MAX_SEEDS) {
                throw new IllegalArgumentException("'" + text + "' names more than " + MAX_SEEDS + " seeds");
            }
            for (long seed = from; seed <= to; seed++) {
                if (!seeds.add(seed)) {
                    throw new IllegalArgumentException("seed " + seed + " is given twice in '" + text + "'");
                }
            }
        }
        return List.copyOf(new ArrayList<>(seeds));
    }

    private static long number(String digits, String piece) {
        try {
            long value = Long.parseLong(digits.trim());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + piece + "' is not a seed (a whole number >= 0) or a range like 1-8");
        }
    }
}
