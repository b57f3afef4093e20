package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.placement.interference.InterferenceModel;
import io.yarndl.core.placement.interference.InterferenceTrainer;
import io.yarndl.core.placement.interference.JobProfile;
import io.yarndl.core.placement.interference.MeasuredPair;
import io.yarndl.core.placement.interference.ModelFamilyAliases;
import io.yarndl.core.throughput.ThroughputProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * What the job-interference model ({@link InterferenceModel}) predicts a job of one model family
 * keeps of its speed beside a job of another on a GPU type, with the families read through
 * {@link ModelFamilyAliases} and GPU types Gavel did not measure read as V100.
 *
 * <p><b>A family with no stand-in</b> (undeclared, or not in the shipped table) has no profile, so
 * the model cannot predict for it. A pair with such a job reads the mean of every measured
 * slowdown on that GPU type (0.54 on K80, 0.60 on P100, 0.66 on V100): the figure that, knowing
 * nothing of the pair, errs least on average. Reading it as unaffected (1) instead would make an
 * unknown job the best neighbour there is, drawing every known job that suffers toward it, and
 * would put it beside the worst neighbours since it never seems to suffer; the mean neither draws
 * nor repels, so unknown jobs fall back to the packing preference.
 *
 * <p>The model is fitted once per JVM, on all of Gavel's measured pairs ({@link #shipped()}), and
 * each prediction is made once per pair of stand-ins and GPU type, then read from a cache.
 * Thread-safe.
 */
public final class PredictedInterference {

    /** Fitted on first use, so a JVM that never places by interference never pays for the fit. */
    private static final class Shipped {
        static final PredictedInterference INSTANCE = fit(ThroughputProfile.gavel());
    }

    private final InterferenceModel model;
    private final ModelFamilyAliases aliases;
    private final Map<String, JobProfile> profiles;
    private final Map<String, Double> meanByGpuType;
    private final Map<String, Optional<String>> standIns = new ConcurrentHashMap<>();
    private final Map<String, String> measuredGpuTypes = new ConcurrentHashMap<>();
    private final Map<Pair, Double> keeps = new ConcurrentHashMap<>();

    private PredictedInterference(InterferenceModel model, ModelFamilyAliases aliases, Map<String, JobProfile> profiles,
                                  Map<String, Double> meanByGpuType) {
        this.model = model;
        this.aliases = aliases;
        this.profiles = profiles;
        this.meanByGpuType = meanByGpuType;
    }

    /** The model fitted on all of Gavel's measured pairs, with the shipped aliases. */
    public static PredictedInterference shipped() {
        return Shipped.INSTANCE;
    }

    static PredictedInterference fit(ThroughputProfile gavel) {
        List<MeasuredPair> pairs = MeasuredPair.from(gavel);
        InterferenceTrainer trainer = new InterferenceTrainer(gavel);
        Map<String, JobProfile> profiles = new HashMap<>();
        for (MeasuredPair pair : pairs) {
            profiles.computeIfAbsent(pair.self(), trainer::job);
        }
        Map<String, Double> means = pairs.stream().collect(Collectors.groupingBy(MeasuredPair::gpuType,
                Collectors.averagingDouble(MeasuredPair::slowdown)));
        return new PredictedInterference(trainer.fit(pairs), ModelFamilyAliases.shipped(gavel.families()),
                Map.copyOf(profiles), Map.copyOf(means));
    }

    /** The share of its speed alone a job of {@code selfFamily} keeps beside one of {@code otherFamily}, in [0, 1]. */
    public double keeps(String selfFamily, String otherFamily, String gpuType) {
        Pair pair = new Pair(standIn(selfFamily), standIn(otherFamily),
                measuredGpuTypes.computeIfAbsent(gpuType == null ? "" : gpuType, ModelFamilyAliases::measuredGpuType));
        return keeps.computeIfAbsent(pair, this::predict);
    }

    /** True when the model has a profile for the family's stand-in, so its figures are predictions. */
    public boolean knows(String family) {
        return standIn(family) != null;
    }

    private String standIn(String family) {
        return standIns.computeIfAbsent(family == null ? "" : family, f -> aliases.gavelJobType(f).filter(profiles::containsKey))
                .orElse(null);
    }

    private double predict(Pair pair) {
        if (pair.self == null || pair.other == null) {
            return meanByGpuType.get(pair.gpuType);
        }
        return model.slowdown(profiles.get(pair.self), profiles.get(pair.other), pair.gpuType);
    }

    /** Two stand-ins (null for none) on a measured GPU type. */
    private record Pair(String self, String other, String gpuType) {
    }
}
