package io.yarndl.sim.engine;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.util.HashMap;
import java.util.Map;

/**
 * The lower bound of a job's completion time: alone on the cluster, started at once at the size
 * that trains it fastest (within its limits and the cluster), paying one start-up overhead.
 */
final class IsolatedJct {

    private final ClusterSpec cluster;
    private final double startupSec;
    private final Map<String, Double> bestSpeedByShape = new HashMap<>();

    IsolatedJct(ClusterSpec cluster, double startupSec) {
        this.cluster = cluster;
        this.startupSec = startupSec;
    }

    private double sum;
    private long count;

    /** Isolated JCT of {@code job}; also adds it to the running mean. */
    double of(TraceJob job) {
        String key = job.type().name() + '/' + job.minWorkers() + '-' + job.maxWorkers() + '/' + job.minPs() + '-'
                + job.maxPs();
        double best = bestSpeedByShape.computeIfAbsent(key, k -> bestSpeed(job));
        double jct = startupSec + job.requiredSteps() / best;
        sum += jct;
        count++;
        return jct;
    }

    /** Mean isolated JCT of the jobs seen so far. */
    double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    private double bestSpeed(TraceJob job) {
        double best = 0;
        Resources total = cluster.total();
        for (int w = job.minWorkers(); w <= job.maxWorkers(); w++) {
            for (int p = job.minPs(); p <= job.maxPs(); p++) {
                Resources demand = job.type().workerDemand().times(w).plus(job.type().psDemand().times(p));
                if (!demand.fitsIn(total)) {
                    continue;
                }
                best = Math.max(best, job.type().speed().stepsPerSecond(w, p, nodesSpanned(demand)));
            }
        }
        if (best <= 0) {
            throw new IllegalArgumentException("job " + job.id() + " (" + job.type().name()
                    + ") cannot run on this cluster at any size it allows: " + cluster);
        }
        return best;
    }

    /** Fewest nodes that could hold {@code demand} when packed: the packing placement's outcome. */
    private int nodesSpanned(Resources demand) {
        Resources node = cluster.perNode();
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
