package io.yarndl.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.interference.MeasuredInterference;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.LossCurveShape;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.TrueSpeed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ground truth of placement on four 2-GPU V100 nodes in two racks of two (node 0 and 1 in one,
 * 2 and 3 in the other), jobs put where a fixed policy says: racks stretch a job's network time,
 * neighbours cost a share of what Gavel measured them costing on one GPU.
 */
class PlacementGroundTruthTest {

    private static final ClusterSpec TWO_RACKS = new ClusterSpec(4, Resources.of(2, 32, 131_072), 2, "V100");
    /** 10 steps/s on one node; across nodes 5 steps/s: a 0.1 s step plus 0.1 s of network. */
    private static final TrueSpeed TEN_OR_FIVE = (workers, ps, nodes) -> nodes > 1 ? 5.0 : 10.0;
    private static final double STEPS = 36_000;

    private static JobType type(String family) {
        return new JobType(family, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(1, 4, 16_384), Resources.ZERO, 2, 0, 64, TEN_OR_FIVE, new LossCurveShape(5, 1, 0.1),
                family, JobType.Completion.AFTER_REQUIRED_STEPS);
    }

    private static TraceJob job(String id, String family, int workers) {
        return job(id, family, workers, STEPS);
    }

    private static TraceJob job(String id, String family, int workers, double steps) {
        return new TraceJob(id, 0, "u", type(family), workers, 0, workers, workers, 0, 0, (long) steps);
    }

    /** Puts each job on the nodes (by index) given for it, one worker on each. */
    private record Fixed(Map<String, int[]> nodesByJob) implements SchedulingPolicy {
        @Override
        public String name() {
            return "fixed";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            List<Node> nodes = snapshot.nodes();
            List<JobPlan> decisions = new ArrayList<>();
            for (JobView job : jobs) {
                Map<String, TaskCount> byNode = new HashMap<>();
                for (int index : nodesByJob.get(job.id())) {
                    byNode.merge(nodes.get(index).id(), new TaskCount(1, 0),
                            (a, b) -> new TaskCount(a.workers() + b.workers(), 0));
                }
                decisions.add(JobPlan.placed(job.id(), new Allocation(byNode), "fixed"));
            }
            return Plan.of(snapshot.timeSec(), name(), decisions);
        }
    }

    private static Map<String, Double> jcts(PlacementTruth truth, Map<String, int[]> where, TraceJob... jobs) {
        Map<String, Double> jcts = new HashMap<>();
        new Simulator(TWO_RACKS, SimConfig.defaults(1), truth).run(new Fixed(where), List.of(jobs).iterator(),
                outcome -> jcts.put(outcome.jobId(), outcome.jctSec()));
        return jcts;
    }

    @Test
    void acrossRacksTheNetworkPartOfAStepTakesTheFactorLonger() {
        TraceJob job = job("a", JobSpec.UNKNOWN_FAMILY, 2);
        PlacementTruth twice = new PlacementTruth(false, 2, 0);
        // Within a rack: 0.2 s a step. Across: 0.1 s compute + 2 x 0.1 s network = 0.3 s.
        assertEquals(30 + STEPS * 0.2, jcts(twice, Map.of("a", new int[] {0, 1}), job).get("a"), 1);
        assertEquals(30 + STEPS * 0.3, jcts(twice, Map.of("a", new int[] {1, 2}), job).get("a"), 1);
        assertEquals(30 + STEPS * 0.2, jcts(PlacementTruth.NODES_ONLY, Map.of("a", new int[] {1, 2}), job).get("a"), 1,
                "racks do not matter to the ground truth of node counts");
    }

    @Test
    void besideANeighbourAJobLosesTheGivenShareOfWhatGavelMeasuredOnOneGpu() {
        double keeps = MeasuredInterference.shipped().keeps("bert", "imagenet", "V100").getAsDouble();
        PlacementTruth half = new PlacementTruth(false, 1, 0.5);
        TraceJob bert = job("bert", "bert", 1);
        TraceJob imagenet = job("imagenet", "imagenet", 1, 10 * STEPS); // outlasts bert

        Map<String, Double> together = jcts(half, Map.of("bert", new int[] {0}, "imagenet", new int[] {0}), bert, imagenet);
        Map<String, Double> apart = jcts(half, Map.of("bert", new int[] {0}, "imagenet", new int[] {1}), bert, imagenet);

        assertEquals(30 + STEPS / 10, apart.get("bert"), 1);
        // The neighbour holds the node's only other GPU: bert keeps 1 - 0.5 (1 - keeps) of its speed.
        assertEquals(30 + STEPS / (10 * (1 - 0.5 * (1 - keeps))), together.get("bert"), 1);
    }

    @Test
    void aNeighbourWithNoMeasuredStandInCostsNothing() {
        PlacementTruth half = new PlacementTruth(false, 1, 0.5);
        Map<String, Double> together = jcts(half, Map.of("a", new int[] {0}, "b", new int[] {0}),
                job("a", "bert", 1), job("b", "my-own-model", 1));
        assertEquals(30 + STEPS / 10, together.get("a"), 1);
        assertEquals(30 + STEPS / 10, together.get("b"), 1);
    }

    @Test
    void refusesAFactorBelowOneAndAnInterferenceOutsideZeroToOne() {
        assertThrows(IllegalArgumentException.class, () -> new PlacementTruth(false, 0.5, 0));
        assertThrows(IllegalArgumentException.class, () -> new PlacementTruth(false, 1, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new PlacementTruth(false, Double.NaN, 0));
    }
}
