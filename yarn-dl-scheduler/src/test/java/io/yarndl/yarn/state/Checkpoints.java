package io.yarndl.yarn.state;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.SizePoint;

/** Checkpoints for the state tests: a rich one with every kind of value, and large ones. */
final class Checkpoints {

    static final String JOB_A = "application_1732200000000_0001";
    static final String JOB_B = "application_1732200000000_0002";
    static final String JOB_C = "application_1732200000000_0003";

    private Checkpoints() {
    }

    /** Several jobs, placements, NaN and infinities, a curve and a speed model, an empty history. */
    static SchedulerCheckpoint rich() {
        Plan plan = Plan.of(1_732_200_000.25, "optimus", List.of(
                JobPlan.placed(JOB_A, new Allocation(Map.of("node-1", new TaskCount(2, 1), "node-2",
                        new TaskCount(1, 0))), "marginal gain 0.8"),
                new JobPlan(JOB_B, 2, 0, Allocation.NONE, "left to the driver"),
                JobPlan.waiting(JOB_C, "no room")));
        Map<String, PolicyState.FittedJob> fitted = new LinkedHashMap<>();
        fitted.put(JOB_A, new PolicyState.FittedJob(new PolicyState.Curve(0.0125, 1.0 / 3, -0.0, 2.302585092994046, 40),
                new PolicyState.Speed("sync-ps", List.of(0.1, Double.NaN, 1e-300, Double.POSITIVE_INFINITY), 128),
                1200, 40, 1_732_199_990.5, List.of(new TaskCount(2, 1), new TaskCount(3, 1))));
        fitted.put(JOB_B, new PolicyState.FittedJob(null, null, 0, 0, Double.NEGATIVE_INFINITY, List.of()));
        Map<String, JobSamples> samples = new LinkedHashMap<>();
        samples.put(JOB_A, new JobSamples(List.of(sample(1, 9.5), sample(3, 7.25).onGpuType("K80")),
                List.of(sample(5, Double.NaN), sample(6, Double.POSITIVE_INFINITY).onGpuType("V100").atBatch(256, 310.5),
                        sample(7, 0.1).onGpuType("V100").atBatch(512, Double.POSITIVE_INFINITY)), 2, 4,
                new Restarts(2, 41.5)));
        samples.put(JOB_B, new JobSamples(List.of(), List.of(
                new ProgressSample(Double.NEGATIVE_INFINITY, Long.MAX_VALUE, Double.MIN_VALUE, -0.0, 0, 0)), 1, 0));
        samples.put(JOB_C, JobSamples.NONE);
        return SchedulerCheckpoint.current(1_732_200_000_123L, "optimus", "dl2-2026-11-22", 42, plan,
                new PolicyState("optimus", fitted), samples, carriedOver());
    }

    /**
     * A Gavel policy's checkpoint: the time its jobs and one pair sharing GPUs received, mid-round,
     * one job not charged yet.
     */
    static SchedulerCheckpoint gavel() {
        String policy = "gavel-max-min-fairness-perf";
        Plan plan = Plan.of(1_732_200_000.25, policy, List.of(JobPlan.placed(JOB_A,
                new Allocation(Map.of("node-1", new TaskCount(1, 0))), "runs on V100"), JobPlan.waiting(JOB_B, "waits")));
        Map<String, PolicyState.Received> received = new LinkedHashMap<>();
        received.put(JOB_A, new PolicyState.Received(720.5, Map.of("V100", 360.0, "K80", 0.1)));
        received.put(JOB_A + "|" + JOB_B, new PolicyState.Received(120, Map.of("V100", 1e-300)));
        received.put(JOB_B, new PolicyState.Received(0, Map.of()));
        PolicyState state = new PolicyState(policy, Map.of(),
                new PolicyState.Rounds(received, 1_732_199_880.0, 1_732_200_000.25));
        return SchedulerCheckpoint.current(1_732_200_000_300L, policy, null, 7, plan, state, Map.of(),
                CarriedOver.NONE);
    }

    /** Two nodes, and two jobs' sizes and target changes interleaved in time, as rounds record them. */
    static CarriedOver carriedOver() {
        return new CarriedOver(new TreeSet<>(List.of("node-2", "node-1")),
                List.of(new SizePoint(1_732_199_980.5, JOB_A, 0, 0, 2, 1),
                        new SizePoint(1_732_199_981.0, JOB_B, 0, 0, 2, 0),
                        new SizePoint(1_732_199_985.25, JOB_A, 3, 1, 3, 1)),
                List.of(new PlanBook.TargetChange(1_732_199_980.5, JOB_A, 2, 1, "first start"),
                        new PlanBook.TargetChange(1_732_199_981.0, JOB_B, 2, 0, "left to the driver"),
                        new PlanBook.TargetChange(1_732_199_985.25, JOB_A, 3, 1, "marginal gain \"0.8\"")));
    }

    /** {@code checkpoint} with none of its samples saying its GPU type: what a format 2 checkpoint holds. */
    static SchedulerCheckpoint untagged(SchedulerCheckpoint checkpoint) {
        Map<String, JobSamples> samples = new LinkedHashMap<>();
        checkpoint.samples().forEach((job, history) -> samples.put(job, new JobSamples(
                history.archive().stream().map(Checkpoints::untagged).toList(),
                history.recent().stream().map(Checkpoints::untagged).toList(), history.stride(), history.aged())));
        return new SchedulerCheckpoint(SchedulerCheckpoint.CURRENT_FORMAT, checkpoint.writtenAtMillis(),
                checkpoint.policy(), checkpoint.modelVersion(), checkpoint.rounds(), checkpoint.plan(),
                checkpoint.policyState(), samples, checkpoint.carriedOver());
    }

    /**
     * {@code checkpoint} with none of its samples saying its batch size or a noise scale and no
     * resize measured: what a format 4 checkpoint holds.
     */
    static SchedulerCheckpoint batchless(SchedulerCheckpoint checkpoint) {
        Map<String, JobSamples> samples = new LinkedHashMap<>();
        checkpoint.samples().forEach((job, history) -> samples.put(job, new JobSamples(
                history.archive().stream().map(Checkpoints::batchless).toList(),
                history.recent().stream().map(Checkpoints::batchless).toList(), history.stride(), history.aged())));
        return new SchedulerCheckpoint(SchedulerCheckpoint.CURRENT_FORMAT, checkpoint.writtenAtMillis(),
                checkpoint.policy(), checkpoint.modelVersion(), checkpoint.rounds(), checkpoint.plan(),
                checkpoint.policyState(), samples, checkpoint.carriedOver());
    }

    private static ProgressSample batchless(ProgressSample sample) {
        return sample.atBatch(ProgressSample.SPEC_BATCH, Double.NaN);
    }

    private static ProgressSample untagged(ProgressSample sample) {
        return sample.onGpuType(null);
    }

    /** A checkpoint that learned nothing and planned nothing. */
    static SchedulerCheckpoint empty() {
        return SchedulerCheckpoint.current(0, "fifo", null, 0, new Plan(0, "fifo", Map.of()), null, Map.of());
    }

    static ProgressSample sample(long step, double loss) {
        return new ProgressSample(1_732_199_000.0 + step, step, loss, 4.2, 2, 1);
    }

    /**
     * {@code jobs} jobs of {@code perJob} samples with random full-precision values, which gzip
     * cannot shrink much: about 30 compressed bytes a sample.
     */
    static SchedulerCheckpoint withRandomSamples(int jobs, int perJob, long seed) {
        Random random = new Random(seed);
        Map<String, JobSamples> samples = new LinkedHashMap<>();
        List<JobPlan> decisions = new ArrayList<>();
        for (int job = 0; job < jobs; job++) {
            String id = String.format("application_1732200000000_%04d", job + 1);
            List<ProgressSample> recent = new ArrayList<>(perJob);
            for (int i = 0; i < perJob; i++) {
                recent.add(new ProgressSample(1_732_199_000.0 + random.nextDouble() * 1e6, i * 10L + random.nextInt(10),
                        random.nextDouble() * 10, random.nextDouble() * 100, 1 + random.nextInt(8), random.nextInt(3)));
            }
            samples.put(id, new JobSamples(List.of(), recent, 1, 0));
            decisions.add(new JobPlan(id, 1, 0, Allocation.NONE, "job " + job));
        }
        return SchedulerCheckpoint.current(1_732_200_000_000L, "optimus", null, 7,
                Plan.of(1_732_200_000.0, "optimus", decisions), rich().policyState(), samples);
    }
}
