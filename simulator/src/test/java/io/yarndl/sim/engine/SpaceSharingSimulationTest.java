package io.yarndl.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.LossCurveShape;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.TrueSpeed;
import io.yarndl.sim.workload.gavel.GavelJobTypes;
import io.yarndl.sim.workload.gavel.GavelThroughputsReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Two of Gavel's jobs on one V100: sharing it, each trains at what Gavel measured them at together. */
class SpaceSharingSimulationTest {

    private static final ClusterSpec ONE_V100 = ClusterSpec.ofGroups(ClusterSpecSyntax.parse("v100:1x1"), 16);

    private static JobType a3c;
    private static JobType transformer;

    @BeforeAll
    static void read() throws IOException {
        GavelJobTypes types = GavelJobTypes.of(GavelThroughputsReader.read(
                RepoData.dir().resolve("gavel/simulation_throughputs.json")));
        a3c = types.type("A3C", 1);
        transformer = types.type("Transformer (batch size 16)", 1);
    }

    /** An hour's work alone on a V100 each: A3C at 7.18 steps/s, Transformer at 11.06. */
    private static List<TraceJob> twoJobs() {
        return List.of(new TraceJob("a3c", 0, "u", a3c, 1, 0, 1, 1, 0, 0, 25_833),
                new TraceJob("transformer", 0, "u", transformer, 1, 0, 1, 1, 0, 0, 39_830));
    }

    private static Map<String, JobOutcome> run(SchedulingPolicy policy) {
        Map<String, JobOutcome> outcomes = new HashMap<>();
        new Simulator(ONE_V100, SimConfig.defaults(1)).run(policy, twoJobs().iterator(),
                o -> outcomes.put(o.jobId(), o));
        return outcomes;
    }

    /** Runs the first job on the first node's GPU and every other job on the same GPU; remembers samples. */
    private static final class SharesTheFirstJobsGpu implements SchedulingPolicy {
        final Map<String, List<Boolean>> speedReported = new HashMap<>();

        @Override
        public String name() {
            return "shares-the-first-jobs-gpu";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            jobs.forEach(job -> job.samples().forEach(s ->
                    speedReported.computeIfAbsent(job.id(), id -> new ArrayList<>()).add(s.hasSpeed())));
            Allocation placement = new Allocation(Map.of(snapshot.nodes().get(0).id(), new TaskCount(1, 0)));
            List<JobPlan> decisions = new ArrayList<>();
            for (int j = 0; j < jobs.size(); j++) {
                decisions.add(j == 0 ? JobPlan.placed(jobs.get(0).id(), placement, "host")
                        : JobPlan.sharing(jobs.get(j).id(), placement, jobs.get(0).id(), "guest"));
            }
            return Plan.of(snapshot.timeSec(), name(), decisions);
        }
    }

    @Test
    void sharingTheGpuEachTrainsAtItsMeasuredColocatedSpeedAndReportsNoSpeed() {
        SharesTheFirstJobsGpu policy = new SharesTheFirstJobsGpu();
        Map<String, JobOutcome> shared = new HashMap<>();
        new Simulator(ONE_V100, SimConfig.defaults(1)).run(policy, twoJobs().iterator(), o -> shared.put(o.jobId(), o));
        // Gavel measured 6.64 and 9.10 steps/s together: A3C shares to its end, 25,833 / 6.639 s after a 30 s start.
        assertEquals(30 + 25_833 / 6.639, shared.get("a3c").jctSec(), 60);
        // The GPU's seconds are counted once, on the host's account.
        double gpuSeconds = shared.values().stream().mapToDouble(JobOutcome::gpuSeconds).sum();
        double makespan = shared.values().stream().mapToDouble(JobOutcome::finishSec).max().orElseThrow();
        assertTrue(gpuSeconds <= makespan + 1, gpuSeconds + " GPU-seconds on one GPU in " + makespan + " s");
        // A3C shared all its life: none of its samples says a speed, which would be the pair's, not its own.
        List<Boolean> a3cSpeeds = policy.speedReported.get("a3c");
        assertTrue(!a3cSpeeds.isEmpty() && a3cSpeeds.stream().noneMatch(b -> b), a3cSpeeds.toString());
    }

    @Test
    void thePackedPolicyFinishesThePairSoonerThanTakingTurns() {
        double shared = avgJct(run(PolicyRegistry.standard().create("gavel-max-min-fairness-packed")));
        double turns = avgJct(run(PolicyRegistry.standard().create("gavel-max-min-fairness-perf")));
        assertTrue(shared < 0.8 * turns, "avg JCT sharing " + shared + " s, taking turns " + turns + " s");
    }

    @Test
    void aPairTheMeasurementsLackStopsTheRunNamingBothJobs() {
        TrueSpeed tenStepsPerSecond = (workers, ps, nodesSpanned) -> 10.0;
        JobType plain = new JobType("plain", Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(1, 4, 16_384), Resources.ZERO, 1, 0, 64, tenStepsPerSecond, new LossCurveShape(5, 1, 0.1));
        List<TraceJob> unmeasured = List.of(new TraceJob("x", 0, "u", a3c, 1, 0, 1, 1, 0, 0, 100),
                new TraceJob("y", 0, "u", plain, 1, 0, 1, 1, 0, 0, 100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Simulator(ONE_V100,
                SimConfig.defaults(1)).run(new SharesTheFirstJobsGpu(), unmeasured.iterator(), o -> { }));
        assertTrue(e.getMessage().contains("job x sharing GPUs with job y")
                && e.getMessage().contains("shares-the-first-jobs-gpu"), e.getMessage());
    }

    private static double avgJct(Map<String, JobOutcome> outcomes) {
        assertEquals(2, outcomes.size());
        return outcomes.values().stream().mapToDouble(JobOutcome::jctSec).average().orElseThrow();
    }
}
