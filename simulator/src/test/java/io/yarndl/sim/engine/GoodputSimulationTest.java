package io.yarndl.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.sim.workload.BatchChoice;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import io.yarndl.sim.workload.GoodputTruth;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleToIntFunction;
import org.junit.jupiter.api.Test;

/** Batch-adaptive jobs of Pollux's applications in the engine: when they finish, what they report, what restarts cost. */
class GoodputSimulationTest {

    private static final ClusterSpec T4 = ClusterSpec.ofGroups(ClusterSpecSyntax.parse("t4:1x4"), 16);
    private static final SiaJobTypes TYPES = SiaJobTypes.forWorkloads(
            SiaApplications.pollux(RepoData.dir().resolve("pollux")), false);
    /** 60 s rounds, no noise, so that samples are the ground truth. */
    private static final SimConfig EXACT = new SimConfig(60, 30, 60, 0, 0, 1_000, 1, RestartCostRule.PROFILE, 0);

    /** Places every job on the first node with as many workers as {@code workers} says at the round's time; remembers what it saw. */
    private static final class Scripted implements SchedulingPolicy {
        final DoubleToIntFunction workers;
        final List<JobView> seen = new ArrayList<>();

        Scripted(DoubleToIntFunction workers) {
            this.workers = workers;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            seen.addAll(jobs);
            String node = snapshot.nodes().get(0).id();
            int w = workers.applyAsInt(snapshot.timeSec());
            return Plan.of(snapshot.timeSec(), name(), jobs.stream()
                    .map(j -> JobPlan.placed(j.id(), new Allocation(Map.of(node, new TaskCount(w, 0))), "scripted"))
                    .toList());
        }
    }

    private static TraceJob job(String app, int batch) {
        JobType type = TYPES.type(app, batch);
        return new TraceJob(app, 0, "u", type, 4, 0, 1, 4, 0, 0, TYPES.requiredSteps(app, batch));
    }

    private static JobOutcome run(SimConfig config, SchedulingPolicy policy, TraceJob job) {
        List<JobOutcome> outcomes = new ArrayList<>();
        new Simulator(T4, config).run(policy, List.of(job).iterator(), outcomes::add);
        assertEquals(1, outcomes.size());
        return outcomes.get(0);
    }

    /** Seconds to train {@code job} at {@code workers} on one T4 node, epoch by epoch at the batch chosen for each. */
    private static double trainingSeconds(TraceJob job, int workers) {
        GoodputTruth goodput = job.type().goodput();
        double seconds = 0;
        double done = 0;
        for (int e = 0; e < goodput.epochs(); e++) {
            double until = e + 1 == goodput.epochs() ? job.requiredSteps() : goodput.stepsAtEpoch(e + 1);
            seconds += (until - done) / goodput.choose(workers, 1, "T4", e).referenceStepsPerSecond();
            done = until;
        }
        return seconds;
    }

    @Test
    void anAdaptiveJobFinishesWhenItsEpochsAreDoneAtTheBatchesItChoseAfterItsRestart() {
        TraceJob bert = job("bert", 384);

        JobOutcome outcome = run(EXACT, new Scripted(t -> 4), bert);

        double restart = 120 + 3 * RestartCostRule.DEFAULT_PER_WORKER_SEC;
        assertEquals(restart + trainingSeconds(bert, 4), outcome.jctSec(), 1e-6);
        assertEquals(bert.requiredSteps(), outcome.stepsDone());
    }

    @Test
    void samplesSayTheBatchTheJobTrainedAtItsSpeedInThatBatchsStepsAndItsNoiseScale() {
        TraceJob cifar = job("cifar10", 2048);
        Scripted policy = new Scripted(t -> 4);

        run(EXACT, policy, cifar);

        GoodputTruth goodput = cifar.type().goodput();
        List<ProgressSample> samples = policy.seen.get(policy.seen.size() - 1).samples();
        assertTrue(samples.size() > 10, samples.toString());
        for (ProgressSample s : samples) {
            int epoch = goodput.epochAt(s.step());
            BatchChoice choice = goodput.choose(4, 1, "T4", epoch);
            if (Math.abs(goodput.epochAt(s.step() + 1) - epoch) + Math.abs(goodput.epochAt(s.step() - 1) - epoch) > 0) {
                continue; // at an epoch's edge the step is rounded; the batch may be either epoch's
            }
            assertEquals(choice.batch(), s.batchSize(), s.toString());
            assertEquals(choice.stepsPerSecond(), s.stepsPerSecond(), 1e-9, s.toString());
            assertEquals(goodput.noiseScale(choice.batch(), epoch), s.noiseScale(), 1e-9, s.toString());
        }
        assertTrue(samples.stream().mapToInt(ProgressSample::batchSize).distinct().count() > 1,
                "the batch follows the gradient noise as training goes on");
    }

    @Test
    void aRestartCostsTheApplicationsTimePlusEachWorkerBeyondTheFirstMayOutlastARoundAndIsReported() {
        TraceJob imagenet = job("imagenet", 3200);
        // Four workers from 0 s, two from 600 s.
        Scripted policy = new Scripted(t -> t < 600 ? 4 : 2);

        run(EXACT, policy, imagenet);

        double first = 250 + 3 * RestartCostRule.DEFAULT_PER_WORKER_SEC;
        double second = 250 + RestartCostRule.DEFAULT_PER_WORKER_SEC;
        JobView atOneRound = policy.seen.stream().filter(v -> v.allocation().workers() == 4).findFirst().orElseThrow();
        JobView late = policy.seen.get(policy.seen.size() - 1);
        assertEquals(new Restarts(1, first), atOneRound.restarts());
        assertEquals(2, late.restarts().count());
        assertEquals(first + second, late.restarts().totalSeconds(), 1e-9);
        // No progress, so no sample, until the restart is over: 255.1 s, past four rounds of 60 s.
        ProgressSample firstSample = late.samples().get(0);
        assertEquals(first + EXACT.sampleIntervalSec(), firstSample.timeSec(), 1e-9);
    }

    @Test
    void withTheFixedRuleEveryRestartCostsTheFlatOverhead() {
        Scripted policy = new Scripted(t -> 4);

        JobOutcome outcome = run(EXACT.withRestartCost(RestartCostRule.FIXED), policy, job("bert", 384));

        assertEquals(new Restarts(1, 30), policy.seen.get(policy.seen.size() - 1).restarts());
        assertEquals(30 + trainingSeconds(job("bert", 384), 4), outcome.jctSec(), 1e-6);
    }

    @Test
    void theIsolatedJctIsTheBestSizesRestartAndEpochByEpochTraining() {
        TraceJob bert = job("bert", 384);

        JobOutcome outcome = run(EXACT, new Scripted(t -> 4), bert);

        double best = Double.MAX_VALUE;
        for (int w = 1; w <= 4; w++) {
            best = Math.min(best, 120 + (w - 1) * RestartCostRule.DEFAULT_PER_WORKER_SEC + trainingSeconds(bert, w));
        }
        assertEquals(best, outcome.isolatedJctSec(), 1e-6);
    }
}
