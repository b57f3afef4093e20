package io.yarndl.core.policy.gavel;

import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which pairs of a round's jobs a {@code -packed} Gavel policy may put on the same GPUs
 * ({@link SharingPair}), and their co-located throughputs: each job's own estimate alone times
 * the profile's ratio for the two model families ({@link TypeThroughputs#sharingRatios}).
 *
 * <p>Two jobs can share when they take the same GPUs the same way: equal workers, equal GPUs per
 * worker, no parameter servers (Gavel's jobs are all-reduce or single-GPU, and it pairs equal
 * scale factors only), and the profile knows the pair on some type. Gavel's LP considers every such
 * pair; here a pair enters only when sharing beats taking turns on some type, that is when the two
 * jobs' co-located throughputs, each over its own alone, sum to more than 1 (a pair that does not
 * is done as well or better by time-slicing the two on those GPUs), and each job is in at most
 * {@code maxPartners} pairs. The cap bounds the LP: without it, n jobs give up to n²/2 pairs,
 * 500,000 at 1,000 jobs.
 *
 * <p>Which pairs, under the cap: that sum is the same for every two jobs of the same two families
 * (the ratios are per family), so pairs of families are taken best sum first, and within one the
 * jobs in arrival order. So the search costs a ratio per pair of families present and about one
 * step per pair formed, not one per pair of jobs.
 */
final class SharingCandidates {

    /** How many pairs a job may be in, by default. */
    static final int DEFAULT_MAX_PARTNERS = 4;

    private SharingCandidates() {
    }

    static List<SharingPair> of(List<JobView> jobs, List<String> types, double[][] alone, int[] gpusPerJob,
                                TypeThroughputs throughputs, int maxPartners) {
        Map<Shape, Map<String, List<Integer>>> byShape = new LinkedHashMap<>();
        for (int j = 0; j < jobs.size(); j++) {
            JobSpec spec = jobs.get(j).spec();
            if (canShare(spec)) {
                byShape.computeIfAbsent(new Shape(spec.requestedWorkers(), spec.workerDemand().gpus(), gpusPerJob[j]),
                        s -> new LinkedHashMap<>()).computeIfAbsent(spec.modelFamily(), f -> new ArrayList<>()).add(j);
            }
        }
        int[] partners = new int[jobs.size()];
        Set<Long> formed = new HashSet<>();
        List<SharingPair> pairs = new ArrayList<>();
        byShape.forEach((shape, families) -> {
            for (FamilyPair fp : rankedFamilyPairs(shape, families, types, throughputs)) {
                pairJobs(fp, families, alone, partners, maxPartners, formed, pairs);
            }
        });
        pairs.sort(Comparator.comparingInt(SharingPair::first).thenComparingInt(SharingPair::second));
        return pairs;
    }

    private static boolean canShare(JobSpec spec) {
        return spec.requestedPs() == 0 && spec.workerDemand().gpus() > 0
                && !spec.modelFamily().equals(JobSpec.UNKNOWN_FAMILY);
    }

    private record Shape(int workers, int gpusPerWorker, int gpus) {
    }

    /** Two families (possibly the same) that gain by sharing, with their ratios each way. */
    private record FamilyPair(String first, String second, double[] firstRatios, double[] secondRatios, double gain) {
    }

    private static List<FamilyPair> rankedFamilyPairs(Shape shape, Map<String, List<Integer>> families,
                                                      List<String> types, TypeThroughputs throughputs) {
        List<String> names = List.copyOf(families.keySet());
        List<FamilyPair> ranked = new ArrayList<>();
        for (int a = 0; a < names.size(); a++) {
            for (int b = a; b < names.size(); b++) {
                if (a == b && families.get(names.get(a)).size() < 2) {
                    continue;
                }
                double[] ab = throughputs.sharingRatios(names.get(a), names.get(b), types, shape.workers());
                double[] ba = throughputs.sharingRatios(names.get(b), names.get(a), types, shape.workers());
                double gain = gain(ab, ba, null, null);
                if (gain > 1) {
                    ranked.add(new FamilyPair(names.get(a), names.get(b), ab, ba, gain));
                }
            }
        }
        // Best first; ties in the order the families first arrived, so the result is deterministic.
        ranked.sort(Comparator.comparingDouble((FamilyPair p) -> -p.gain));
        return ranked;
    }

    /** Pairs jobs of fp's two families, earlier jobs first, while both have room under the cap. */
    private static void pairJobs(FamilyPair fp, Map<String, List<Integer>> families, double[][] alone, int[] partners,
                                 int maxPartners, Set<Long> formed, List<SharingPair> pairs) {
        List<Integer> firsts = families.get(fp.first());
        List<Integer> seconds = families.get(fp.second());
        for (int a : firsts) {
            for (int i = 0; i < seconds.size() && partners[a] < maxPartners; i++) {
                int b = seconds.get(i);
                if (b == a || partners[b] >= maxPartners || !formed.add(key(a, b, alone.length))) {
                    continue;
                }
                double[] aShared = times(alone[a], fp.firstRatios());
                double[] bShared = times(alone[b], fp.secondRatios());
                if (gain(aShared, bShared, alone[a], alone[b]) <= 1) {
                    continue;
                }
                partners[a]++;
                partners[b]++;
                pairs.add(a < b ? new SharingPair(a, b, aShared, bShared) : new SharingPair(b, a, bShared, aShared));
            }
        }
    }

    private static long key(int a, int b, int n) {
        return (long) Math.min(a, b) * n + Math.max(a, b);
    }

    private static double[] times(double[] speeds, double[] ratios) {
        double[] product = new double[speeds.length];
        for (int k = 0; k < product.length; k++) {
            product[k] = speeds[k] * ratios[k];
        }
        return product;
    }

    /**
     * The best, over types, of the two co-located throughputs normalised by their own alone (null:
     * already ratios), where both jobs make progress together and alone.
     */
    private static double gain(double[] first, double[] second, double[] firstAlone, double[] secondAlone) {
        double best = 0;
        for (int k = 0; k < first.length; k++) {
            double a = firstAlone == null ? first[k] : firstAlone[k] > 0 ? first[k] / firstAlone[k] : 0;
            double b = secondAlone == null ? second[k] : secondAlone[k] > 0 ? second[k] / secondAlone[k] : 0;
            if (a > 0 && b > 0) {
                best = Math.max(best, a + b);
            }
        }
        return best;
    }
}
