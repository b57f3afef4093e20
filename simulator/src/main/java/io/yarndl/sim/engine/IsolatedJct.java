package io.yarndl.sim.engine;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.GoodputTruth;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lower bound of a job's completion time: alone on the cluster, started at once at the size
 * that trains it fastest (within its limits), paying one start-up overhead. On a cluster of several
 * GPU types it runs on the fastest type that has room for it: a job's GPU tasks share one type
 * ({@link io.yarndl.core.policy.PlanValidator}), so "room" is the room of that type's nodes alone,
 * and the nodes it spans are counted on that type's largest node.
 *
 * <p>A job that pays a restart of its own ({@link SimConfig#restartSeconds}, which grows with its
 * workers) pays it once at the size it runs at, so the best size is the one of least restart plus
 * training. A batch-adaptive job ({@link GoodputTruth}) trains every epoch at the batch its ground
 * truth chooses for that size, so its time is summed epoch by epoch.
 */
final class IsolatedJct {

    private final ClusterSpec cluster;
    private final SimConfig config;
    private final double startupSec;
    private final Map<String, Double> bestSpeedByShape = new HashMap<>();
    private final Map<String, Double> adaptiveByShape = new HashMap<>();

    private double sum;
    private long count;

    IsolatedJct(ClusterSpec cluster, SimConfig config) {
        this.cluster = cluster;
        this.config = config;
        this.startupSec = config.resizeOverheadSec();
    }

    /** Isolated JCT of {@code job}; also adds it to the running mean. */
    double of(TraceJob job) {
        double jct = best(job);
        sum += jct;
        count++;
        return jct;
    }

    /**
     * Checks, when {@code job} arrives, that it can run on this cluster.
     *
     * @throws IllegalArgumentException as {@link #bestSpeed}
     */
    void requireRunnable(TraceJob job) {
        if (job.type().adaptsBatch()) {
            best(job);
        } else {
            bestSpeed(job);
        }
    }

    private double best(TraceJob job) {
        if (job.type().adaptsBatch()) {
            return adaptiveByShape.computeIfAbsent(shape(job), k -> fastestAdaptive(job));
        }
        if (!config.restartCost().appliesTo(job.type())) {
            return startupSec + job.requiredSteps() / bestSpeed(job);
        }
        double best = Double.POSITIVE_INFINITY;
        for (Size size : sizes(job)) {
            double speed = job.type().speed().stepsPerSecond(size.workers, size.ps, size.nodes, size.gpuType);
            if (speed > 0) {
                best = Math.min(best, config.restartSeconds(job.type(), size.workers) + job.requiredSteps() / speed);
            }
        }
        return best;
    }

    private double fastestAdaptive(TraceJob job) {
        GoodputTruth goodput = job.type().goodput();
        double best = Double.POSITIVE_INFINITY;
        for (Size size : sizes(job)) {
            double seconds = config.restartSeconds(job.type(), size.workers);
            double done = 0;
            for (int e = 0; e < goodput.epochs() && done < job.requiredSteps(); e++) {
                double until = e + 1 == goodput.epochs() ? job.requiredSteps()
                        : Math.min(job.requiredSteps(), goodput.stepsAtEpoch(e + 1));
                double rate = goodput.choose(size.workers, size.nodes, size.gpuType, e).referenceStepsPerSecond();
                seconds += rate > 0 ? (until - done) / rate : Double.POSITIVE_INFINITY;
                done = until;
            }
            best = Math.min(best, seconds);
        }
        if (best == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("job " + job.id() + " (" + job.type().name()
                    + ") cannot run on this cluster at any size it allows: " + cluster.describe());
        }
        return best;
    }

    private record Size(String gpuType, int workers, int ps, int nodes) {
    }

    /** Every size {@code job} allows that fits one GPU type's nodes. */
    private List<Size> sizes(TraceJob job) {
        List<Size> sizes = new ArrayList<>();
        for (String type : cluster.gpuTypes()) {
            Resources room = cluster.totalOf(type);
            Resources node = cluster.largestNodeOf(type);
            for (int w = job.minWorkers(); w <= job.maxWorkers(); w++) {
                for (int p = job.minPs(); p <= job.maxPs(); p++) {
                    Resources demand = job.type().workerDemand().times(w).plus(job.type().psDemand().times(p));
                    if (demand.fitsIn(room)) {
                        sizes.add(new Size(type, w, p, nodesSpanned(demand, node)));
                    }
                }
            }
        }
        return sizes;
    }

    private static String shape(TraceJob job) {
        return job.type().name() + '/' + job.minWorkers() + '-' + job.maxWorkers() + '/' + job.minPs() + '-'
                + job.maxPs();
    }

    /** Mean isolated JCT of the jobs seen so far. */
    double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /**
     * The fastest {@code job} can train alone, in steps per second (cached per type and limits).
     *
     * @throws IllegalArgumentException if it fits no GPU type's nodes at any size it allows, or its
     *                                  ground truth has no speed for a type it fits
     */
    double bestSpeed(TraceJob job) {
        return bestSpeedByShape.computeIfAbsent(shape(job), k -> fastest(job));
    }

    private double fastest(TraceJob job) {
        double best = 0;
        for (String type : cluster.gpuTypes()) {
            Resources room = cluster.totalOf(type);
            Resources node = cluster.largestNodeOf(type);
            for (int w = job.minWorkers(); w <= job.maxWorkers(); w++) {
                for (int p = job.minPs(); p <= job.maxPs(); p++) {
                    Resources demand = job.type().workerDemand().times(w).plus(job.type().psDemand().times(p));
                    if (demand.fitsIn(room)) {
                        best = Math.max(best, job.type().speed().stepsPerSecond(w, p, nodesSpanned(demand, node), type));
                    }
                }
            }
        }
        if (best <= 0) {
            throw new IllegalArgumentException("job " + job.id() + " (" + job.type().name()
                    + ") cannot run on this cluster at any size it allows: " + cluster.describe());
        }
        return best;
    }

    /** Fewest nodes like {@code node} that could hold {@code demand} when packed: the packing placement's outcome. */
    private static int nodesSpanned(Resources demand, Resources node) {
        int nodes = 1;
        nodes = Math.max(nodes, ceilDiv(demand.gpus(), node.gpus()));
        nodes = Math.max(nodes, ceilDiv(demand.vcores(), node.vcores()));
        nodes = Math.max(nodes, (int) Math.ceil((double) demand.memoryMb() / Math.max(1, node.memoryMb())));
        return nodes;
    }

    private static int ceilDiv(int a, int b) {
        return b <= 0 ? 1 : (a + b - 1) / b;
    }
}
