package io.yarndl.core.placement.interference;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.OptionalDouble;

/**
 * The share of its speed alone a job keeps while another shares its GPU, as Gavel measured it: the
 * same figure {@link MeasuredPair} reads (co-located over isolated steps/s at one GPU), for two
 * jobs named by their model families through {@link ModelFamilyAliases}. The simulator's ground
 * truth of co-location; the model ({@link InterferenceModel}) is what placements predict it with.
 * Empty where either family has no stand-in or Gavel did not measure the two together (either ran
 * at 0 steps/s, alone or together, as {@link MeasuredPair#from} leaves out). Immutable.
 *
 * @param profile Gavel's throughputs, with its co-located entries
 * @param aliases which Gavel job type stands for which family
 */
public record MeasuredInterference(ThroughputProfile profile, ModelFamilyAliases aliases) {

    /** Gavel's shipped measurements with the shipped aliases. */
    public static MeasuredInterference shipped() {
        ThroughputProfile gavel = ThroughputProfile.gavel();
        return new MeasuredInterference(gavel, ModelFamilyAliases.shipped(gavel.families()));
    }

    /** What {@code self} keeps of its speed beside {@code other} on GPUs of {@code gpuType}, in (0, 1] or above. */
    public OptionalDouble keeps(String selfFamily, String otherFamily, String gpuType) {
        var self = aliases.gavelJobType(selfFamily);
        var other = aliases.gavelJobType(otherFamily);
        if (self.isEmpty() || other.isEmpty()) {
            return OptionalDouble.empty();
        }
        String type = ModelFamilyAliases.measuredGpuType(gpuType);
        double alone = speed(profile.stepsPerSecond(self.get(), 1, type));
        double together = speed(profile.colocatedStepsPerSecond(self.get(), other.get(), 1, type));
        double otherAlone = speed(profile.stepsPerSecond(other.get(), 1, type));
        double otherTogether = speed(profile.colocatedStepsPerSecond(other.get(), self.get(), 1, type));
        if (alone <= 0 || together <= 0 || otherAlone <= 0 || otherTogether <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(together / alone);
    }

    private static double speed(OptionalDouble measured) {
        return measured.orElse(0);
    }
}
