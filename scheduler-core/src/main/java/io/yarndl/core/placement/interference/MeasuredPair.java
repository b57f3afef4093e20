package io.yarndl.core.placement.interference;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One measured slowdown: {@code self}'s steps/s on one GPU of {@code gpuType} while it shares that
 * GPU with {@code other}, over its steps/s alone there (Gavel, OSDI'20, its {@code [self, other]}
 * entries; 1 = unaffected). What the interference model learns from and is scored on.
 *
 * @param self     the job type slowed down
 * @param other    the job type beside it
 * @param gpuType  the GPU type, upper case
 * @param slowdown co-located over isolated steps/s
 */
public record MeasuredPair(String self, String other, String gpuType, double slowdown) {

    /**
     * Every usable pair of {@code profile}, both orders, in a fixed order (families sorted, then types).
     *
     * <p>Left out: a pair that either job ran at 0 steps/s, together or alone. Gavel writes 0 where
     * the two did not run together on one GPU (their memory did not fit it) and for every pair at
     * 2, 4 and 8 GPUs (never measured): neither says how fast a job is beside another on a server,
     * where each keeps its own GPU's memory. So only scale factor 1 remains, 1,881 of Gavel's 5,277
     * co-located entries (589 on K80, 636 on P100, 656 on V100).
     */
    public static List<MeasuredPair> from(ThroughputProfile profile) {
        List<MeasuredPair> pairs = new ArrayList<>();
        for (String self : profile.families()) {
            for (String other : profile.families()) {
                for (String gpuType : profile.gpuTypes()) {
                    double alone = orZero(profile.stepsPerSecond(self, 1, gpuType));
                    double together = orZero(profile.colocatedStepsPerSecond(self, other, 1, gpuType));
                    double otherAlone = orZero(profile.stepsPerSecond(other, 1, gpuType));
                    double otherTogether = orZero(profile.colocatedStepsPerSecond(other, self, 1, gpuType));
                    if (alone > 0 && together > 0 && otherAlone > 0 && otherTogether > 0) {
                        pairs.add(new MeasuredPair(self, other, gpuType, together / alone));
                    }
                }
            }
        }
        return pairs;
    }

    /** The two job types as an unordered pair (sorted), the unit the split keeps on one side. */
    public List<String> typePair() {
        return self.compareTo(other) <= 0 ? List.of(self, other) : List.of(other, self);
    }

    private static double orZero(OptionalDouble speed) {
        return speed.orElse(0);
    }
}
