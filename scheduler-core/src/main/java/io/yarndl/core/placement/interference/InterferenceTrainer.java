package io.yarndl.core.placement.interference;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Fits an {@link InterferenceModel} on measured pairs: one {@link RidgeRegression} per GPU type of
 * the slowdown on {@link PairFeatures}, the jobs' profiles read from a throughput profile.
 *
 * <p>Both choices were made on Gavel's pairs, by the mean error on unseen pairs over ten seeded
 * splits of a NumPy prototype of the same fit. The penalty: lambda from 0.01 to 3 on standardised
 * inputs errs alike (within 0.001), 30 loses 0.003 and 100 loses 0.007; 1 sits in the flat part.
 * One fit per GPU type: a single fit with the type one-hot errs by 0.098, one that crosses the
 * type with every input by 0.059, the three separate fits by 0.058 and read more simply.
 */
public final class InterferenceTrainer {

    /** The ridge penalty on standardised inputs. */
    public static final double LAMBDA = 1.0;

    private final ThroughputProfile profile;

    public InterferenceTrainer(ThroughputProfile profile) {
        this.profile = profile;
    }

    /** The model fitted on {@code pairs}, one fit for each GPU type they name. */
    public InterferenceModel fit(List<MeasuredPair> pairs) {
        Map<String, JobProfile> jobs = new HashMap<>();
        Map<String, List<MeasuredPair>> byType = pairs.stream()
                .collect(Collectors.groupingBy(MeasuredPair::gpuType, TreeMap::new, Collectors.toList()));
        Map<String, RidgeRegression> fits = new TreeMap<>();
        byType.forEach((gpuType, rows) -> {
            double[][] x = rows.stream()
                    .map(pair -> PairFeatures.of(job(pair.self(), jobs), job(pair.other(), jobs), gpuType))
                    .toArray(double[][]::new);
            double[] y = rows.stream().mapToDouble(MeasuredPair::slowdown).toArray();
            fits.put(gpuType, RidgeRegression.fit(x, y, LAMBDA));
        });
        return new InterferenceModel(fits);
    }

    /** The profile of {@code jobType}, as the model's inputs read it. */
    public JobProfile job(String jobType) {
        return JobProfile.of(jobType, profile);
    }

    private JobProfile job(String jobType, Map<String, JobProfile> read) {
        return read.computeIfAbsent(jobType, this::job);
    }
}
