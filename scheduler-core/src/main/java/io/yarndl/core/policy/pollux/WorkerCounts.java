package io.yarndl.core.policy.pollux;

import java.util.TreeSet;

/**
 * The worker counts a goodput policy weighs for one job: every count from its minimum to its most,
 * as Pollux's search reaches every count, thinned geometrically past {@value #MAX_COUNTS} counts so
 * that a job allowed hundreds of workers does not make the integer program hundreds of options
 * wide. The minimum, the most and the count the job holds now are always among them.
 */
public final class WorkerCounts {

    /** Most counts weighed per job (per GPU type for Sia). */
    public static final int MAX_COUNTS = 64;

    private WorkerCounts() {
    }

    /** The counts in [{@code min}, {@code max}], with {@code current} where it lies inside; empty where min &gt; max. */
    public static int[] between(int min, int max, int current) {
        TreeSet<Integer> counts = new TreeSet<>();
        if (min > max) {
            return new int[0];
        }
        if (max - min + 1 <= MAX_COUNTS) {
            for (int w = min; w <= max; w++) {
                counts.add(w);
            }
        } else {
            double ratio = Math.pow((double) max / min, 1.0 / (MAX_COUNTS - 1));
            for (int i = 0; i < MAX_COUNTS; i++) {
                counts.add((int) Math.min(max, Math.round(min * Math.pow(ratio, i))));
            }
            counts.add(max);
        }
        if (current >= min && current <= max) {
            counts.add(current);
        }
        return counts.stream().mapToInt(Integer::intValue).toArray();
    }
}
