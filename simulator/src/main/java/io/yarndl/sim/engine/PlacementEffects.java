package io.yarndl.sim.engine;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.interference.MeasuredInterference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The part of a job's true speed that depends on what else is where, once every job of a round has
 * its allocation ({@link PlacementTruth}):
 * <ul>
 *   <li><b>racks</b>: across racks a job's network time, its step time across nodes minus its step
 *       time with the same workers on one node, takes {@code crossRackFactor} times as long;</li>
 *   <li><b>neighbours</b>: on each node it shares with other jobs (each on GPUs of its own), it
 *       loses {@code serverInterference} times what Gavel measured it losing beside each of them on
 *       one GPU ({@link MeasuredInterference}), weighted by the share of the node's other GPUs each
 *       holds: a server full of one neighbour costs {@code serverInterference × (1 - keeps)}, a half
 *       full one half that. A synchronous job is paced by its slowest worker, so the node where it
 *       loses most sets its speed. Pairs Gavel did not measure (a family with no stand-in) cost nothing.</li>
 * </ul>
 * A job that shares its GPUs with a partner (Gavel's space sharing) already runs at the pair's
 * measured speed; the partner is not counted again as a neighbour. Not thread-safe: one per run.
 */
final class PlacementEffects {

    private final PlacementTruth truth;
    private final Map<String, Node> nodes;
    private final MeasuredInterference measured;
    private final Map<String, Double> keepsCache = new HashMap<>();

    PlacementEffects(PlacementTruth truth, List<Node> nodes, MeasuredInterference measured) {
        this.truth = truth;
        this.nodes = new HashMap<>();
        nodes.forEach(node -> this.nodes.put(node.id(), node));
        this.measured = measured;
    }

    /** Sets each running job's factor for the round from where all of them run. */
    void apply(List<SimulatedJob> jobs) {
        Map<String, List<SimulatedJob>> tenants = new HashMap<>();
        for (SimulatedJob job : jobs) {
            for (String node : job.allocation().byNode().keySet()) {
                tenants.computeIfAbsent(node, n -> new ArrayList<>()).add(job);
            }
        }
        for (SimulatedJob job : jobs) {
            if (!job.allocation().isEmpty()) {
                job.slowedBy(acrossRacks(job) * besideNeighbours(job, tenants));
            }
        }
    }

    /** The share of its speed a job keeps for spanning racks: 1 within one rack. */
    double acrossRacks(SimulatedJob job) {
        Allocation allocation = job.allocation();
        if (truth.crossRackFactor() <= 1 || allocation.nodeCount() < 2) {
            return 1;
        }
        Set<String> racks = new HashSet<>();
        allocation.byNode().keySet().forEach(node -> racks.add(rackOf(node)));
        if (racks.size() < 2) {
            return 1;
        }
        double spread = job.trueSpeedAlone();
        double packed = job.trueSpeedOnOneNode();
        if (!(spread > 0) || !(packed > 0)) {
            return 1;
        }
        double step = 1 / spread;
        double network = Math.max(0, step - 1 / packed);
        return step / (step + (truth.crossRackFactor() - 1) * network);
    }

    /** The share of its speed a job keeps beside the other jobs on its nodes: 1 alone on them. */
    double besideNeighbours(SimulatedJob job, Map<String, List<SimulatedJob>> tenants) {
        if (truth.serverInterference() <= 0) {
            return 1;
        }
        double slowest = 1;
        for (Map.Entry<String, TaskCount> entry : job.allocation().byNode().entrySet()) {
            Node node = nodes.get(entry.getKey());
            long ownGpus = job.gpusOn(entry.getKey());
            long othersRoom = node == null ? 0 : node.capacity().gpus() - ownGpus;
            if (othersRoom <= 0) {
                continue;
            }
            double loss = 0;
            for (SimulatedJob other : tenants.getOrDefault(entry.getKey(), List.of())) {
                if (other == job || other == job.partner()) {
                    continue;
                }
                double share = (double) other.gpusOn(entry.getKey()) / othersRoom;
                loss += share * Math.max(0, 1 - keeps(job, other));
            }
            slowest = Math.min(slowest, Math.max(0, 1 - truth.serverInterference() * loss));
        }
        return slowest;
    }

    private double keeps(SimulatedJob self, SimulatedJob other) {
        String selfFamily = self.spec().modelFamily();
        String otherFamily = other.spec().modelFamily();
        String gpuType = self.gpuType();
        String key = selfFamily + '\u0000' + otherFamily + '\u0000' + gpuType;
        return keepsCache.computeIfAbsent(key, k -> {
            OptionalDouble keeps = measured.keeps(selfFamily, otherFamily, gpuType);
            return keeps.isPresent() ? keeps.getAsDouble() : 1.0;
        });
    }

    private String rackOf(String nodeId) {
        Node node = nodes.get(nodeId);
        return node == null ? "" : node.rack();
    }
}
