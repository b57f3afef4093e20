package io.yarndl.core.goodput;

import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a job's progress samples on one GPU type into {@link ThroughputObservation}s: each sample's
 * iteration time is {@code 1 / stepsPerSecond} (its speed counts steps of the batch it trained at,
 * {@link ProgressSample#batchOr}), its split is {@link LocalBatch#split} of that batch over its
 * workers, and samples of the same configuration are averaged in log space (their speeds are noisy
 * ratios). A sample does not say how many nodes its workers spanned: {@link HeldSpans} says, the
 * span the job had when it held that count, else the fewest nodes that hold it. Stateless.
 */
public final class MeasuredConfigurations {

    private MeasuredConfigurations() {
    }

    /**
     * The configurations {@code job} was measured at on {@code gpuType}.
     *
     * @param spans          the nodes the job's workers spanned at each count it held
     * @param workersPerNode how many of the job's workers one node of {@code gpuType} holds
     */
    public static List<ThroughputObservation> of(JobView job, String gpuType, HeldSpans spans, int workersPerNode) {
        JobSpec spec = job.spec();
        Map<List<Integer>, double[]> byConfig = new TreeMap<>(MeasuredConfigurations::compare);
        for (ProgressSample sample : onType(job.samples(), gpuType)) {
            int workers = sample.workers();
            int batch = sample.batchOr(spec.globalBatchSize());
            LocalBatch split = LocalBatch.split(batch, workers, spec.batchLimits().maxLocal());
            int nodes = spans.nodes(job, gpuType, workers, workersPerNode);
            List<Integer> key = List.of(nodes, workers, split.atomic(), split.accumulationSteps());
            double[] sum = byConfig.computeIfAbsent(key, k -> new double[2]);
            sum[0] += Math.log(1.0 / sample.stepsPerSecond());
            sum[1]++;
        }
        List<ThroughputObservation> observations = new ArrayList<>(byConfig.size());
        byConfig.forEach((key, sum) -> observations.add(new ThroughputObservation(key.get(0), key.get(1),
                new LocalBatch(key.get(2), key.get(3)), Math.exp(sum[0] / sum[1]), (int) sum[1])));
        return observations;
    }

    /** The samples with a speed measured on {@code gpuType}, oldest first. */
    public static List<ProgressSample> onType(List<ProgressSample> samples, String gpuType) {
        List<ProgressSample> kept = new ArrayList<>(samples.size());
        for (ProgressSample sample : samples) {
            if (sample.hasSpeed() && sample.gpuType().equals(gpuType)) {
                kept.add(sample);
            }
        }
        return kept;
    }

    /** The type of the newest sample with a speed, or {@code fallback} where none has one. */
    public static String newestType(List<ProgressSample> samples, String fallback) {
        for (int i = samples.size() - 1; i >= 0; i--) {
            if (samples.get(i).hasSpeed()) {
                return samples.get(i).gpuType();
            }
        }
        return fallback;
    }

    /** The fewest nodes of {@code workersPerNode} workers each that hold {@code workers}. */
    public static int fewestNodes(int workers, int workersPerNode) {
        int perNode = Math.max(1, workersPerNode);
        return Math.max(1, (workers + perNode - 1) / perNode);
    }

    private static int compare(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
