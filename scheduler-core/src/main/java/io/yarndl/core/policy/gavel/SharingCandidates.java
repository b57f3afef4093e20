package io.yarndl.core.policy.gavel;

import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which pairs of a round's jobs a {@code -packed} Gavel policy may put on the same GPUs
 * ({@link SharingPair}), and their co-located throughputs ({@link TypeThroughputs#estimateSharing}).
 *
 * <p>Two jobs can share when they take the same GPUs the same way: equal workers, equal GPUs per
 * worker, no parameter servers (Gavel's jobs are all-reduce or single-GPU, and it pairs equal
 * scale factors only), and the profile knows the pair on some type. Gavel's LP considers every such
 * pair; here a pair enters only when sharing beats taking turns on some type, that is when the two
 * jobs' co-located throughputs, each over its own alone, sum to more than 1 (a pair that does not
 * is done as well or better by time-slicing the two on those GPUs), and each job keeps its
 * {@code maxPartners} best pairs by that sum. The cap bounds the LP: without it, n jobs give up to
 * n²/2 pairs, 500,000 at 1,000 jobs.
 */
final class SharingCandidates {

    /** How many pairs a job may be in, by default. */
    static final int DEFAULT_MAX_PARTNERS = 4;

    private SharingCandidates() {
    }

    static List<SharingPair> of(List<JobView> jobs, List<String> types, double[][] alone, int[] gpusPerJob,
                                TypeThroughputs throughputs, int maxPartners) {
        List<Scored> scored = new ArrayList<>();
        for (int a = 0; a < jobs.size(); a++) {
            for (int b = a + 1; b < jobs.size(); b++) {
                if (!sameShape(jobs.get(a).spec(), jobs.get(b).spec()) || gpusPerJob[a] != gpusPerJob[b]) {
                    continue;
                }
                int workers = jobs.get(a).spec().requestedWorkers();
                double[] first = throughputs.estimateSharing(jobs.get(a), jobs.get(b), types, workers, alone[a]);
                double[] second = throughputs.estimateSharing(jobs.get(b), jobs.get(a), types, workers, alone[b]);
                double gain = gain(first, second, alone[a], alone[b]);
                if (gain > 1) {
                    scored.add(new Scored(new SharingPair(a, b, first, second), gain));
                }
            }
        }
        scored.sort(Comparator.comparingDouble((Scored s) -> -s.gain)
                .thenComparingInt(s -> s.pair.first()).thenComparingInt(s -> s.pair.second()));
        int[] partners = new int[jobs.size()];
        List<SharingPair> pairs = new ArrayList<>();
        for (Scored candidate : scored) {
            SharingPair pair = candidate.pair;
            if (partners[pair.first()] < maxPartners && partners[pair.second()] < maxPartners) {
                partners[pair.first()]++;
                partners[pair.second()]++;
                pairs.add(pair);
            }
        }
        return pairs;
    }

    private static boolean sameShape(JobSpec a, JobSpec b) {
        return a.requestedWorkers() == b.requestedWorkers() && a.requestedPs() == 0 && b.requestedPs() == 0
                && a.workerDemand().gpus() == b.workerDemand().gpus() && a.workerDemand().gpus() > 0
                && !a.modelFamily().equals(JobSpec.UNKNOWN_FAMILY) && !b.modelFamily().equals(JobSpec.UNKNOWN_FAMILY);
    }

    /** The best, over types, of the two jobs' co-located throughputs normalised by their own alone. */
    private static double gain(double[] first, double[] second, double[] firstAlone, double[] secondAlone) {
        double best = 0;
        for (int k = 0; k < first.length; k++) {
            if (first[k] > 0 && second[k] > 0 && firstAlone[k] > 0 && secondAlone[k] > 0) {
                best = Math.max(best, first[k] / firstAlone[k] + second[k] / secondAlone[k]);
            }
        }
        return best;
    }

    private record Scored(SharingPair pair, double gain) {
    }
}
