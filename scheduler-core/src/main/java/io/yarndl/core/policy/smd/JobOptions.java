package io.yarndl.core.policy.smd;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The sizes SMD weighs for one admitted job, each with its demand in the knapsack's four
 * dimensions (GPUs, vcores, memory in MB, network in thousandths of a link) and its remaining time
 * as a ratio {@code N / D}: {@code D = w} workers share the work {@code N = R w tau(w, p)} of the job's
 * R remaining steps, so {@code N / D = R tau(w, p)} seconds. Option 0 is the job's minimum.
 *
 * <p>Workers range over the job's bounds (and the cluster's GPUs); for each worker count only a few
 * server counts are kept: the job's minimum, the fewest servers within 1% of the best time at that
 * worker count, and half as many, which is where the layer model's gains flatten. That keeps a
 * 1,000-job knapsack at tens of thousands of choices rather than hundreds of thousands. A running
 * job's options also include the size it holds, and every other option carries its restart charge
 * {@code c} ({@link io.yarndl.core.policy.resize.ResizeCost}) in its ratio, {@code N = (R tau(w, p) + c) w},
 * so the knapsack moves the job only where the forecast saving pays the charge.
 *
 * @param workers      per option
 * @param servers      per option
 * @param demands      per option, the four demands
 * @param numerators   per option, N
 * @param denominators per option, D
 * @param charges      per option, the restart charge its ratio includes (0 at the size the job holds)
 * @param stepTime     the model the options were priced with; null where the job is not modelled
 */
record JobOptions(int[] workers, int[] servers, long[][] demands, double[] numerators, double[] denominators,
                  double[] charges, StepTime stepTime) {

    /** The knapsack's dimensions. */
    static final int DIMENSIONS = 4;
    /** A network demand of one link is this many units. */
    static final long LINK_UNITS = 1000;
    /** Server counts within this fraction of a worker count's best time count as the best. */
    static final double NEAR_BEST = 0.01;

    int size() {
        return workers.length;
    }

    /** Remaining seconds at option {@code o}, its restart charge included: what the knapsack weighs. */
    double seconds(int o) {
        return numerators[o] / denominators[o];
    }

    /** Forecast remaining seconds at option {@code o}, without its restart charge. */
    double forecastSeconds(int o) {
        return seconds(o) - charges[o];
    }

    /** The job held at its minimum: its only option (no model yet, or nothing to weigh). */
    static JobOptions minimumOnly(JobSpec spec) {
        return fixedAt(spec, spec.minWorkers(), spec.minPs());
    }

    /** A job with no steps left keeps what it holds, within its bounds ({@link JobSpec#withinBounds}). */
    static JobOptions finishingAt(JobSpec spec, Allocation held) {
        TaskCount kept = spec.withinBounds(held.tasks());
        return fixedAt(spec, kept.workers(), kept.ps());
    }

    /** The job held at {@code workers} and {@code servers}: its only option. */
    static JobOptions fixedAt(JobSpec spec, int workers, int servers) {
        return new JobOptions(new int[] {workers}, new int[] {servers},
                new long[][] {demand(spec, workers, servers, 0)}, new double[] {1}, new double[] {1}, new double[] {0},
                null);
    }

    /**
     * The options of a modelled job that holds nothing, or whose resizes are not charged.
     *
     * @param remainingSteps R, positive
     * @param maxWorkers     the most workers the cluster could give it
     */
    static JobOptions of(JobSpec spec, StepTime stepTime, double remainingSteps, int maxWorkers) {
        return of(spec, stepTime, remainingSteps, maxWorkers, null, 0);
    }

    /**
     * The options of a modelled job.
     *
     * @param remainingSteps R, positive
     * @param maxWorkers     the most workers the cluster could give it
     * @param held           the size the job runs at, or null while it waits or its resizes are not charged
     * @param charge         seconds every option other than {@code held} is charged, >= 0
     */
    static JobOptions of(JobSpec spec, StepTime stepTime, double remainingSteps, int maxWorkers, TaskCount held,
                         double charge) {
        List<int[]> sizes = new ArrayList<>();
        int top = Math.max(spec.minWorkers(), Math.min(spec.maxWorkers(), maxWorkers));
        boolean heldListed = false;
        for (int w = spec.minWorkers(); w <= top; w++) {
            for (int p : serverCounts(spec, stepTime, w)) {
                sizes.add(new int[] {w, p});
                heldListed |= held != null && held.workers() == w && held.ps() == p;
            }
        }
        if (held != null && !heldListed && within(spec, held)) {
            sizes.add(new int[] {held.workers(), held.ps()});
        }
        int n = sizes.size();
        int[] workers = new int[n];
        int[] servers = new int[n];
        long[][] demands = new long[n][];
        double[] num = new double[n];
        double[] den = new double[n];
        double[] charges = new double[n];
        for (int o = 0; o < n; o++) {
            int w = sizes.get(o)[0];
            int p = sizes.get(o)[1];
            workers[o] = w;
            servers[o] = p;
            double links = spec.usesParameterServers() ? stepTime.busyLinks(w, p) : 0;
            demands[o] = demand(spec, w, p, links);
            den[o] = w;
            charges[o] = held == null || (held.workers() == w && held.ps() == p) ? 0 : charge;
            num[o] = remainingSteps * w * stepTime.secondsPerStep(w, p) + charges[o] * w;
        }
        return undominated(new JobOptions(workers, servers, demands, num, den, charges, stepTime));
    }

    private static boolean within(JobSpec spec, TaskCount size) {
        return size.workers() >= spec.minWorkers() && size.workers() <= spec.maxWorkers()
                && size.ps() >= spec.minPs() && size.ps() <= spec.maxPs();
    }

    /** How the job's layers sit on its servers at option {@code o}; empty where not modelled. */
    String layout(int o) {
        return stepTime == null ? "" : stepTime.layout(servers[o]);
    }

    /**
     * These options without those another option of the job beats: no more of any resource and no
     * later finish, better in one (the first of identical ones stays). No knapsack ever picks a
     * dominated option, and dropping them keeps the solver's model small: on 1,000 jobs most are.
     * Option 0, the minimum, is never dominated, as every other option needs more of something.
     */
    static JobOptions undominated(JobOptions all) {
        int n = all.size();
        List<Integer> kept = new ArrayList<>(n);
        for (int o = 0; o < n; o++) {
            boolean dominated = false;
            for (int other = 0; other < n && !dominated; other++) {
                dominated = other != o && beats(all, other, o);
            }
            if (!dominated) {
                kept.add(o);
            }
        }
        if (kept.size() == n) {
            return all;
        }
        int m = kept.size();
        int[] workers = new int[m];
        int[] servers = new int[m];
        long[][] demands = new long[m][];
        double[] num = new double[m];
        double[] den = new double[m];
        double[] charges = new double[m];
        for (int i = 0; i < m; i++) {
            int o = kept.get(i);
            workers[i] = all.workers[o];
            servers[i] = all.servers[o];
            demands[i] = all.demands[o];
            num[i] = all.numerators[o];
            den[i] = all.denominators[o];
            charges[i] = all.charges[o];
        }
        return new JobOptions(workers, servers, demands, num, den, charges, all.stepTime);
    }

    /** True when option {@code a} makes option {@code b} pointless. */
    private static boolean beats(JobOptions options, int a, int b) {
        boolean strictly = false;
        for (int d = 0; d < DIMENSIONS; d++) {
            if (options.demands[a][d] > options.demands[b][d]) {
                return false;
            }
            strictly |= options.demands[a][d] < options.demands[b][d];
        }
        double ta = options.seconds(a);
        double tb = options.seconds(b);
        if (ta > tb) {
            return false;
        }
        // Identical options: the first stays.
        return strictly || ta < tb || a < b;
    }

    private static Set<Integer> serverCounts(JobSpec spec, StepTime stepTime, int w) {
        Set<Integer> counts = new LinkedHashSet<>();
        counts.add(spec.minPs());
        if (!spec.usesParameterServers()) {
            return counts;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int p = spec.minPs(); p <= spec.maxPs(); p++) {
            best = Math.min(best, stepTime.secondsPerStep(w, p));
        }
        for (int p = spec.minPs(); p <= spec.maxPs(); p++) {
            if (stepTime.secondsPerStep(w, p) <= best * (1 + NEAR_BEST)) {
                counts.add(Math.max(spec.minPs(), (p + 1) / 2));
                counts.add(p);
                break;
            }
        }
        return counts;
    }

    static long[] demand(JobSpec spec, int workers, int servers, double links) {
        Resources r = spec.workerDemand().times(workers).plus(spec.psDemand().times(servers));
        return new long[] {r.gpus(), r.vcores(), r.memoryMb(), (long) Math.ceil(links * LINK_UNITS)};
    }
}
