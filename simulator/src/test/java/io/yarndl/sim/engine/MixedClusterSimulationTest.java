package io.yarndl.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.fifo.FifoPolicy;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.LossCurveShape;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.TrueSpeed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MixedClusterSimulationTest {

    private static final ClusterSpec V100_AND_K80 = ClusterSpec.ofGroups(ClusterSpecSyntax.parse("v100:1x4,k80:1x4"), 16);

    /** 10 steps/s per worker on a V100, 2 on a K80. */
    private static final TrueSpeed BY_TYPE = new TrueSpeed() {
        @Override
        public double stepsPerSecond(int workers, int ps, int nodesSpanned) {
            throw new AssertionError("the engine must ask for the speed on a GPU type");
        }

        @Override
        public double stepsPerSecond(int workers, int ps, int nodesSpanned, String gpuType) {
            return workers * ("V100".equals(gpuType) ? 10.0 : 2.0);
        }
    };

    private static final JobType TYPED = new JobType("typed", Framework.PYTORCH, Architecture.ALLREDUCE,
            SyncMode.SYNCHRONOUS, Resources.of(1, 4, 16_384), Resources.ZERO, 4, 0, 64, BY_TYPE,
            new LossCurveShape(5, 1, 0.1));

    /** FIFO, remembering every sample it was shown, per job. */
    private static final class Watching implements SchedulingPolicy {
        final FifoPolicy fifo = new FifoPolicy();
        final Map<String, List<ProgressSample>> seen = new HashMap<>();

        @Override
        public String name() {
            return "watching-fifo";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            jobs.forEach(job -> seen.put(job.id(), List.copyOf(job.samples())));
            return fifo.plan(snapshot, jobs);
        }
    }

    private static TraceJob rigid(String id, double arrival, long steps) {
        return new TraceJob(id, arrival, id, TYPED, 4, 0, 4, 4, 0, 0, steps);
    }

    @Test
    void jobsTrainAtTheirTypesSpeedAndSamplesSayTheType() {
        // Two rigid 4-GPU jobs at once: one gets the V100 node, the other the K80 node.
        List<TraceJob> jobs = List.of(rigid("a", 0, 400_000), rigid("b", 0, 400_000));
        Watching policy = new Watching();
        List<JobOutcome> outcomes = new ArrayList<>();

        new Simulator(V100_AND_K80, SimConfig.defaults(1)).run(policy, jobs.iterator(), outcomes::add);

        Map<String, String> typeOf = new HashMap<>();
        policy.seen.forEach((id, samples) -> {
            assertFalse(samples.isEmpty(), id);
            for (ProgressSample s : samples) {
                assertTrue(s.hasGpuType(), id + ": " + s);
                typeOf.merge(id, s.gpuType(), (was, now) -> {
                    assertEquals(was, now, id + " moved types");
                    return was;
                });
                double truth = "V100".equals(s.gpuType()) ? 40 : 8;
                assertEquals(truth, s.stepsPerSecond(), 0.3 * truth, id + " on " + s.gpuType());
            }
        });
        assertEquals(List.of("K80", "V100"), typeOf.values().stream().sorted().toList());
        // On a V100 400,000 steps at 40 steps/s take 10,000 s after the 30 s start-up; on a K80, five times that.
        Map<String, Double> jct = new HashMap<>();
        outcomes.forEach(o -> jct.put(typeOf.get(o.jobId()), o.jctSec()));
        assertEquals(10_030, jct.get("V100"), 1e-6);
        assertEquals(50_030, jct.get("K80"), 1e-6);
    }

    @Test
    void isolatedJctUsesTheFastestTypeWithRoom() {
        List<JobOutcome> outcomes = new ArrayList<>();

        new Simulator(V100_AND_K80, SimConfig.defaults(1)).run(new FifoPolicy(),
                List.of(rigid("a", 0, 400_000), rigid("b", 0, 400_000)).iterator(), outcomes::add);

        outcomes.forEach(o -> assertEquals(10_030, o.isolatedJctSec(), 1e-6, o.jobId()));
    }

    @Test
    void refusesAJobThatFitsNoSingleGpuType() {
        JobType wide = new JobType("wide", Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(1, 4, 16_384), Resources.ZERO, 8, 0, 64, BY_TYPE, new LossCurveShape(5, 1, 0.1));
        TraceJob job = new TraceJob("wide-1", 0, "u", wide, 8, 0, 8, 8, 0, 0, 1_000);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Simulator(V100_AND_K80, SimConfig.defaults(1)).run(new FifoPolicy(), List.of(job).iterator(),
                        o -> { }));

        assertTrue(e.getMessage().contains("wide-1") && e.getMessage().contains("one GPU type"), e.getMessage());
    }

    /** 1 step/s per worker, except on K80s, where (as Gavel measured some of its types) it cannot train. */
    private static final TrueSpeed NO_K80 = new TrueSpeed() {
        @Override
        public double stepsPerSecond(int workers, int ps, int nodesSpanned) {
            return stepsPerSecond(workers, ps, nodesSpanned, "V100");
        }

        @Override
        public double stepsPerSecond(int workers, int ps, int nodesSpanned, String gpuType) {
            return "K80".equals(gpuType) ? 0 : workers;
        }
    };

    private static final JobType OOM_ON_K80 = new JobType("oom-on-k80", Framework.PYTORCH, Architecture.ALLREDUCE,
            SyncMode.SYNCHRONOUS, Resources.of(1, 4, 16_384), Resources.ZERO, 4, 0, 64, NO_K80,
            new LossCurveShape(5, 1, 0.1));

    @Test
    void aJobPlacedWhereItCannotTrainDoesNotStartThere() {
        // First round on the K80 node, then on the V100 node.
        SchedulingPolicy k80First = new SchedulingPolicy() {
            private int rounds;

            @Override
            public String name() {
                return "k80-first";
            }

            @Override
            public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
                String node = rounds++ == 0 ? "k80-0000" : "v100-0000";
                return Plan.of(snapshot.timeSec(), name(), jobs.stream()
                        .map(j -> JobPlan.placed(j.id(), new Allocation(Map.of(node, new TaskCount(4, 0))), "scripted"))
                        .toList());
            }
        };
        TraceJob job = new TraceJob("oom-1", 0, "u", OOM_ON_K80, 4, 0, 4, 4, 0, 0, 4_000);
        List<JobOutcome> outcomes = new ArrayList<>();

        new Simulator(V100_AND_K80, SimConfig.defaults(1)).run(k80First, List.of(job).iterator(), outcomes::add);

        JobOutcome outcome = outcomes.get(0);
        assertEquals(600, outcome.startSec(), 1e-9, "it starts in the second round, on the V100s");
        // 4,000 steps at 4 steps/s after the 30 s start-up: 1,030 s on 4 GPUs, nothing charged for the K80 round.
        assertEquals(600 + 1_030, outcome.finishSec(), 1e-6);
        assertEquals(4 * 1_030, outcome.gpuSeconds(), 1e-6);
    }

    @Test
    void aJobKeptWhereItCannotTrainEndsTheRunWithAReason() {
        JobType oom = OOM_ON_K80;
        // Packing puts the job where most GPUs are free: the K80s.
        ClusterSpec moreK80 = ClusterSpec.ofGroups(ClusterSpecSyntax.parse("v100:1x4,k80:2x4"), 16);
        TraceJob job = new TraceJob("stuck-1", 0, "u", oom, 4, 0, 4, 4, 0, 0, 1_000);

        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Simulator(moreK80, SimConfig.defaults(1)).run(new FifoPolicy(), List.of(job).iterator(),
                        o -> { }));

        assertTrue(e.getMessage().contains("stuck-1") && e.getMessage().contains("K80")
                && e.getMessage().contains("true speed is 0"), e.getMessage());
    }
}
