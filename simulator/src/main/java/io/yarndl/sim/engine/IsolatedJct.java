package io.yarndl.sim.engine;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.util.HashMap;
import java.util.Map;

/**
 * The lower bound of a job's completion time: alone on the cluster, started at once at the size
 * that trains it fastest (within its limits), paying one start-up overhead. On a cluster of several
 * GPU types it runs on the fastest type that has room for it: a job's GPU tasks share one type
 * ({@link io.yarndl.core.policy.PlanValidator}), so "room" is the room of that type's nodes alone,
 * and the nodes it spans are counted on that type's largest node.
 */
final class IsolatedJct {

    private final ClusterSpec cluster;
    private final double startupSec;
    private final Map<String, Double> bestSpeedByShape = new HashMap<>();

    private double sum;
    private long count;

    IsolatedJct(ClusterSpec cluster, double startupSec) {
        this.cluster = cluster;
        this.startupSec = startupSec;
    }

    /** Isolated JCT of {@code job}; also adds it to the running mean. */
    double of(TraceJob job) {
        double jct = startupSec + job.requiredSteps() / bestSpeed(job);
        sum += jct;
        count++;
        return jct;
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
        String key = job.type().name() + '/' + job.minWorkers() + '-' + job.maxWorkers() + '/' + job.minPs() + '-'
                + job.maxPs();
        return bestSpeedByShape.computeIfAbsent(key, k -> fastest(job));
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
