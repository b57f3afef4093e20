package io.yarndl.core.placement.interference;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * How well the interference model predicts pairs of job types it never saw together: fitted on
 * the training side of a {@link PairSplit} of Gavel's pairs (a fifth of the type pairs held out),
 * scored on the test side by absolute error of the slowdown, beside baselines on the same rows:
 *
 * <ul>
 *   <li>{@code trainMean}: every pair gets the mean slowdown of the training side;</li>
 *   <li>{@code jobTypeMean}: the mean slowdown of the same job type on the same GPU type beside
 *       the others it was measured with in training (how sensitive the job is, whoever its
 *       neighbour), the training mean where it has none;</li>
 *   <li>{@code mirror}: the neighbour's own slowdown in the same pair. Not a baseline a placement
 *       could use, since it reads the unseen pair's measurement; it shows how far from symmetric
 *       interference is.</li>
 * </ul>
 *
 * @param trainRows     measured pairs fitted on
 * @param testRows      measured pairs scored
 * @param testTypePairs unordered pairs of job types on the test side
 */
public record InterferenceEvaluation(int trainRows, int testRows, int testTypePairs, AbsoluteError model,
                                     AbsoluteError trainMean, AbsoluteError jobTypeMean, AbsoluteError mirror) {

    /** The share of type pairs held out for testing. */
    public static final double TEST_SHARE = 0.2;

    /** Mean and median absolute error of the slowdown over the test rows. */
    public record AbsoluteError(double mean, double median) {

        static AbsoluteError over(List<MeasuredPair> rows, ToDoubleFunction<MeasuredPair> prediction) {
            DescriptiveStatistics errors = new DescriptiveStatistics();
            rows.forEach(row -> errors.addValue(Math.abs(prediction.applyAsDouble(row) - row.slowdown())));
            return new AbsoluteError(errors.getMean(), errors.getPercentile(50));
        }
    }

    /** Splits {@code profile}'s measured pairs with {@code seed}, fits on one side, scores on the other. */
    public static InterferenceEvaluation of(ThroughputProfile profile, long seed) {
        List<MeasuredPair> pairs = MeasuredPair.from(profile);
        PairSplit split = PairSplit.byTypePair(pairs, TEST_SHARE, seed);
        InterferenceTrainer trainer = new InterferenceTrainer(profile);
        InterferenceModel model = trainer.fit(split.train());
        Map<String, JobProfile> jobs = new HashMap<>();
        profile.families().forEach(type -> jobs.put(type, trainer.job(type)));

        double trainMean = split.train().stream().mapToDouble(MeasuredPair::slowdown).average().orElseThrow();
        Map<List<String>, DescriptiveStatistics> byJobType = new HashMap<>();
        split.train().forEach(row -> byJobType.computeIfAbsent(List.of(row.self(), row.gpuType()),
                key -> new DescriptiveStatistics()).addValue(row.slowdown()));
        Map<List<String>, Double> measured = new HashMap<>();
        pairs.forEach(row -> measured.put(List.of(row.self(), row.other(), row.gpuType()), row.slowdown()));

        List<MeasuredPair> test = split.test();
        return new InterferenceEvaluation(split.train().size(), test.size(),
                (int) test.stream().map(MeasuredPair::typePair).distinct().count(),
                AbsoluteError.over(test,
                        row -> model.slowdown(jobs.get(row.self()), jobs.get(row.other()), row.gpuType())),
                AbsoluteError.over(test, row -> trainMean),
                AbsoluteError.over(test, row -> {
                    DescriptiveStatistics seen = byJobType.get(List.of(row.self(), row.gpuType()));
                    return seen == null ? trainMean : seen.getMean();
                }),
                AbsoluteError.over(test, row -> measured.get(List.of(row.other(), row.self(), row.gpuType()))));
    }
}
