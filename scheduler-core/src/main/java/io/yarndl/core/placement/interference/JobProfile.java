package io.yarndl.core.placement.interference;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the interference model knows of one job type: its model family and batch size, read from a
 * Gavel job-type name such as {@code "ResNet-50 (batch size 64)"} ({@code "A3C"} and
 * {@code "CycleGAN"} name no batch size), and its measured steps/s alone on one GPU of each type.
 *
 * <p>One GPU, whatever the job's scale factor: every pair Gavel measured sharing is at scale factor
 * 1 (its 2-, 4- and 8-GPU pair entries are all 0, not measured), so the model learned how a job's
 * single-GPU behaviour predicts its slowdown, and that is the input it can be trusted on. A job of
 * eight workers shares each of its servers with whatever runs there, one GPU's worth at a time.
 *
 * @param jobType        the name the throughput profile knows the job type by
 * @param modelFamily    the name without its batch size, e.g. {@code "ResNet-50"}
 * @param batchSize      the batch size the name gives, if it gives one
 * @param stepsPerSecond steps/s alone on one GPU, by upper-case GPU type; only types measured above 0
 */
public record JobProfile(String jobType, String modelFamily, OptionalInt batchSize,
                         Map<String, Double> stepsPerSecond) {

    /** Gavel's model families, the one-hot features' order; a family outside it sets none of them. */
    public static final List<String> MODEL_FAMILIES =
            List.of("ResNet-18", "ResNet-50", "Transformer", "LM", "Recommendation", "A3C", "CycleGAN");

    private static final Pattern WITH_BATCH = Pattern.compile("(.+) \\(batch size (\\d+)\\)");

    public JobProfile {
        stepsPerSecond = Map.copyOf(stepsPerSecond);
        if (!stepsPerSecond.containsKey("K80") || !stepsPerSecond.containsKey("V100")) {
            throw new IllegalArgumentException(jobType + ": needs its steps/s on K80 and V100 (its speed-up is a"
                    + " feature), has " + stepsPerSecond.keySet());
        }
    }

    /**
     * The profile of {@code jobType} from its single-GPU rows of {@code profile}.
     *
     * @throws IllegalArgumentException when the profile lacks its K80 or V100 speed
     */
    public static JobProfile of(String jobType, ThroughputProfile profile) {
        Map<String, Double> speeds = new TreeMap<>();
        for (String gpuType : profile.gpuTypes()) {
            OptionalDouble speed = profile.stepsPerSecond(jobType, 1, gpuType);
            if (speed.isPresent() && speed.getAsDouble() > 0) {
                speeds.put(gpuType, speed.getAsDouble());
            }
        }
        Matcher named = WITH_BATCH.matcher(jobType);
        return named.matches()
                ? new JobProfile(jobType, named.group(1), OptionalInt.of(Integer.parseInt(named.group(2))), speeds)
                : new JobProfile(jobType, jobType, OptionalInt.empty(), speeds);
    }

    /** Steps/s alone on one GPU of {@code gpuType}. */
    public double stepsPerSecondOn(String gpuType) {
        Double speed = stepsPerSecond.get(gpuKey(gpuType));
        if (speed == null) {
            throw new IllegalArgumentException(jobType + " has no measured speed on " + gpuType);
        }
        return speed;
    }

    /** How much faster it trains on a V100 than on a K80: high for compute-bound jobs. */
    public double speedUpV100OverK80() {
        return stepsPerSecond.get("V100") / stepsPerSecond.get("K80");
    }

    /** GPU types compare without case, as in {@link ThroughputProfile}. */
    static String gpuKey(String gpuType) {
        return gpuType.trim().toUpperCase(Locale.ROOT);
    }
}
