package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.launch.Role;
import io.yarndl.am.launch.TrainerCommand;
import io.yarndl.am.master.AgentAssignment.State;
import io.yarndl.am.master.JobOutcome;
import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.core.cluster.Node;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import io.yarndl.core.job.ProgressSample;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ElasticJobTest {

    private static final long SETTLE = 500;
    private static final long CHECKPOINT_TIMEOUT = 10_000;

    private final AtomicLong now = new AtomicLong(1_000_000);

    private ElasticJob job(int min, int max, int maxFailures) {
        return new ElasticJob(new JobLimits(min, max, 0, 0, maxFailures, CHECKPOINT_TIMEOUT, SETTLE, 64),
                (plan, id) -> new TrainerCommand(List.of("train", "g" + plan.generation(), id),
                        Map.of("WORLD", Integer.toString(plan.worldSize()))),
                now::get);
    }

    private void advance(long ms, ElasticJob job) {
        now.addAndGet(ms);
        job.tick();
    }

    /** A job running generation 1 on container c1 that has reported step 10. */
    private ElasticJob runningOnOne(int max, int maxFailures) {
        ElasticJob job = job(1, max, maxFailures);
        assertTrue(job.granted("c1", Role.WORKER));
        advance(SETTLE, job);
        job.progress(new ProgressReport(1, 10, 2.0, 640, 1));
        return job;
    }

    @Test
    void containersGrantedWithinTheSettlingTimeStartTogetherInTheFirstGeneration() {
        ElasticJob job = job(1, 4, 3);
        job.granted("c1", Role.WORKER);
        now.addAndGet(200);
        job.granted("c2", Role.WORKER);
        assertEquals(State.WAIT, job.assignment("c1").orElseThrow().state());

        advance(SETTLE, job);

        AgentAssignment a = job.assignment("c2").orElseThrow();
        assertEquals(State.RUN, a.state());
        assertEquals(1, a.generation());
        assertEquals("2", a.command().env().get("WORLD"));
    }

    @Test
    void aGrantWaitsForTheCheckpointThenTheNextGenerationRunsAtTheNewSize() {
        ElasticJob job = runningOnOne(4, 3);
        job.granted("c2", Role.WORKER);
        advance(SETTLE + 100, job);

        assertTrue(job.scriptView().resizePending());
        assertEquals(1, job.assignment("c1").orElseThrow().generation());
        assertEquals(State.WAIT, job.assignment("c2").orElseThrow().state());

        job.checkpointed(1, 10);

        assertEquals(2, job.scriptView().generation());
        assertFalse(job.scriptView().resizePending());
        assertEquals("2", job.assignment("c2").orElseThrow().command().env().get("WORLD"));
        assertEquals(List.of("train", "g2", "c1"), job.assignment("c1").orElseThrow().command().argv());
    }

    @Test
    void aPreemptedContainerIsReleasedOnlyAfterTheCheckpointAndLeavesTheNextGeneration() {
        ElasticJob job = job(1, 4, 3);
        job.granted("c1", Role.WORKER);
        job.granted("c2", Role.WORKER);
        advance(SETTLE, job);
        job.progress(new ProgressReport(1, 5, 2.0, 640, 2));

        job.preemptionRequested("c2");
        assertTrue(job.takeReleases().isEmpty(), "released before the job saved its state");

        job.checkpointed(1, 5);

        assertEquals(List.of("c2"), job.takeReleases());
        assertEquals(2, job.scriptView().generation());
        assertEquals("1", job.assignment("c1").orElseThrow().command().env().get("WORLD"));
        assertEquals(State.EXIT, job.assignment("c2").orElseThrow().state());
        job.completed("c2", -100, "released");
        assertEquals(0, job.failures());
    }

    @Test
    void withoutACheckpointTheResizeGoesAheadAfterTheTimeout() {
        ElasticJob job = runningOnOne(4, 3);
        job.granted("c2", Role.WORKER);
        advance(CHECKPOINT_TIMEOUT - 1, job);
        assertEquals(1, job.scriptView().generation());

        advance(2, job);

        assertEquals(2, job.scriptView().generation());
        assertTrue(job.events().stream().anyMatch(e -> e.kind() == JobEvent.Kind.CHECKPOINTED
                && e.detail().contains("none within")));
    }

    @Test
    void aLostContainerCountsOneFailureAndTheSurvivorsRestartAtOnceWhileAReplacementIsAsked() {
        ElasticJob job = job(1, 2, 3);
        job.granted("c1", Role.WORKER);
        job.granted("c2", Role.WORKER);
        advance(SETTLE, job);
        job.progress(new ProgressReport(1, 50, 1.0, 640, 2));

        job.completed("c2", 137, "killed");
        job.trainerExited("c1", 1, 1, "gloo: connection reset");

        assertEquals(1, job.failures());
        assertEquals(2, job.scriptView().generation());
        assertEquals("1", job.assignment("c1").orElseThrow().command().env().get("WORLD"));
        assertEquals(1, job.missing(Role.WORKER));
    }

    @Test
    void theJobFailsWithTheTrainersOutputOnceTheRetryBudgetIsSpent() {
        ElasticJob job = runningOnOne(1, 1);
        job.trainerExited("c1", 1, 3, "ValueError: bad batch");
        assertEquals(JobOutcome.State.RUNNING, job.outcome().state());
        job.trainerExited("c1", 2, 3, "ValueError: bad batch");

        assertEquals(JobOutcome.State.FAILED, job.outcome().state());
        assertTrue(job.outcome().diagnostics().contains("ValueError: bad batch"), job.outcome().diagnostics());
        assertTrue(job.outcome().diagnostics().contains("--max-failures 1"), job.outcome().diagnostics());
        assertEquals(List.of("c1"), job.takeReleases());
    }

    @Test
    void aTrainerEndingWithZeroFinishesTheJobAndEveryAgentExits() {
        ElasticJob job = runningOnOne(2, 3);
        job.trainerExited("c1", 1, 0, "");

        assertEquals(JobOutcome.State.SUCCEEDED, job.outcome().state());
        assertEquals(State.EXIT, job.assignment("c1").orElseThrow().state());
        assertEquals(0, job.missing(Role.WORKER));
    }

    @Test
    void eachSampleSaysTheOneGpuTypeOfItsGenerationsWorkersNodesAndNoneWhenTheyDifferOrAreUnknown() {
        WorkerNodes nodes = new WorkerNodes();
        ElasticJob job = new ElasticJob(new JobLimits(1, 2, 0, 0, 3, CHECKPOINT_TIMEOUT, SETTLE, 64),
                (plan, id) -> new TrainerCommand(List.of("train"), Map.of()), now::get, nodes::gpuTypeOf);
        nodes.placed("c1", "gpu-host-1:8041");
        job.granted("c1", Role.WORKER);
        advance(SETTLE, job);

        job.progress(new ProgressReport(1, 10, 2.0, 640, 1));
        assertEquals(Node.UNKNOWN_GPU_TYPE, job.takeUnpublished().get(0).gpuType(), "no types read yet");

        nodes.typesAre(new NodeGpuTypes(Map.of("gpu-host-1:8041", "V100", "gpu-host-2:8041", "K80")));
        job.progress(new ProgressReport(1, 11, 1.9, 640, 1));
        assertEquals("V100", job.takeUnpublished().get(0).gpuType());

        nodes.placed("c2", "gpu-host-2:8041");
        job.granted("c2", Role.WORKER);
        advance(SETTLE, job);
        job.checkpointed(1, 11);
        job.progress(new ProgressReport(2, 12, 1.8, 1280, 2));
        ProgressSample mixed = job.takeUnpublished().get(0);
        assertEquals(2, mixed.workers());
        assertEquals(Node.UNKNOWN_GPU_TYPE, mixed.gpuType(), "workers on two types say no type");
    }

    @Test
    void aSampleSaysTheBatchItTrainedAtCountsItsSpeedInStepsOfThatBatchAndKeepsAMeasuredNoiseScale() {
        ElasticJob job = runningOnOne(2, 3);
        job.takeUnpublished();

        job.progress(new ProgressReport(1, 11, 1.9, 640, 1, 32, 150.0));
        ProgressSample sample = job.takeUnpublished().get(0);
        assertEquals(32, sample.batchSize());
        assertEquals(20.0, sample.stepsPerSecond(), 1e-9, "640 samples/s at a batch of 32");
        assertEquals(150.0, sample.noiseScale());

        job.progress(new ProgressReport(1, 12, 1.8, 640, 1, 128, -3.0));
        sample = job.takeUnpublished().get(0);
        assertEquals(5.0, sample.stepsPerSecond(), 1e-9);
        assertFalse(sample.hasNoiseScale(), "a negative estimate is no measurement, the sample stays");

        job.progress(new ProgressReport(1, 13, 1.7, 640, 1, -1, 1.0));
        assertTrue(job.takeUnpublished().isEmpty(), "a negative batch is nonsense");
        assertTrue(job.events().stream().anyMatch(e -> e.detail().contains("global batch 64")), "" + job.events());
    }

    @Test
    void nonsenseSamplesAreIgnoredAndStepsAreNeverPublishedTwice() {
        ElasticJob job = runningOnOne(2, 3);
        job.takeUnpublished();

        job.progress(new ProgressReport(1, 11, Double.NaN, 640, 1));
        job.progress(new ProgressReport(1, 12, -1, 640, 1));
        assertTrue(job.takeUnpublished().isEmpty());

        job.progress(new ProgressReport(1, 9, 1.9, 640, 1));
        assertTrue(job.takeUnpublished().isEmpty(), "a step below the published one went out");

        job.progress(new ProgressReport(1, 13, 1.8, 640, 1));
        var sample = job.takeUnpublished().get(0);
        assertEquals(13, sample.step());
        assertEquals(10.0, sample.stepsPerSecond(), 1e-9, "samples/s over the global batch of 64");
        assertEquals(2, job.status().get("rejected_samples"));
    }

    @Test
    void everySampleBetweenTwoTakesIsKeptOldestFirstNotOnlyTheNewest() {
        ElasticJob job = runningOnOne(2, 3);
        job.takeUnpublished();
        for (long step = 11; step <= 30; step++) {
            now.addAndGet(100);
            job.progress(new ProgressReport(1, step, 2.0 - step / 100.0, 640, 1));
        }
        var taken = job.takeUnpublished();
        assertEquals(20, taken.size(), "the 20 reports between two publishes");
        assertEquals(11, taken.get(0).step());
        assertEquals(30, taken.get(19).step());
        assertTrue(job.takeUnpublished().isEmpty());
    }

    @Test
    void aSamplesTimeIsTheEpochSecondsTheAmReceivedItAt() {
        ElasticJob job = runningOnOne(2, 3);
        job.takeUnpublished();
        now.set(1_732_200_000_500L);

        job.progress(new ProgressReport(1, 20, 1.5, 640, 1));

        assertEquals(1_732_200_000.5, job.takeUnpublished().get(0).timeSec(), 1e-9,
                "epoch seconds, as JobRecordCodec and the scheduler read it, not seconds since the AM started");
    }

    @Test
    void aContainerTheSchedulerKilledAfterTheGraceIsAResizeNotAFailure() {
        ElasticJob job = job(1, 2, 0);
        job.granted("c1", Role.WORKER);
        job.granted("c2", Role.WORKER);
        advance(SETTLE, job);
        job.progress(new ProgressReport(1, 50, 1.0, 640, 2));

        job.completed("c2", ElasticJob.EXIT_PREEMPTED, "preempted");

        assertEquals(JobOutcome.State.RUNNING, job.outcome().state());
        assertEquals(2, job.scriptView().generation());
    }

    @Test
    void tooFewMembersLeftHaltTrainingUntilAReplacementArrives() {
        ElasticJob job = job(2, 2, 3);
        job.granted("c1", Role.WORKER);
        job.granted("c2", Role.WORKER);
        advance(SETTLE, job);
        job.completed("c2", 1, "crashed");

        assertEquals(State.WAIT, job.assignment("c1").orElseThrow().state());

        job.granted("c3", Role.WORKER);
        advance(SETTLE, job);
        assertEquals(State.RUN, job.assignment("c3").orElseThrow().state());
        assertEquals(2, job.scriptView().generation());
    }

    @Test
    void anAgentOfAContainerTheJobNoLongerHoldsIsToldToExitAndAStrangerIsNotKnown() {
        ElasticJob job = runningOnOne(2, 3);
        job.completed("c1", 1, "crashed");

        assertEquals(State.EXIT, job.assignment("c1").orElseThrow().state());
        assertTrue(job.assignment("c9").isEmpty());
        assertTrue(job.heldContainers().isEmpty());
    }

    @Test
    void containersBeyondTheMaximumAreRefused() {
        ElasticJob job = job(1, 1, 3);
        assertTrue(job.granted("c1", Role.WORKER));
        assertFalse(job.granted("c2", Role.WORKER));
        assertFalse(job.granted("s1", Role.SERVER));
    }

    @Test
    void aLaterAmAttemptReleasesTheDeadAttemptsContainersAndStartsOnlyOnceTheyAreGone() {
        ElasticJob job = job(1, 2, 3);
        job.takeOver(2, Optional.empty(), List.of("old1", "old2"));
        assertEquals(List.of("old1", "old2"), job.takeReleases());
        assertEquals(2, job.missing(Role.WORKER), "asks for fresh containers at once");

        job.granted("c1", Role.WORKER);
        advance(SETTLE, job);
        assertEquals(State.WAIT, job.assignment("c1").orElseThrow().state(), "an old trainer may still write");

        job.completed("old1", -100, "released");
        advance(100, job);
        assertEquals(State.WAIT, job.assignment("c1").orElseThrow().state());

        job.completed("old2", -100, "released");
        advance(100, job);
        AgentAssignment a = job.assignment("c1").orElseThrow();
        assertEquals(State.RUN, a.state());
        assertEquals(1, a.generation());
        assertEquals(0, job.failures(), "releasing the old containers is no failure");
        assertTrue(job.events().stream().anyMatch(e -> e.kind() == JobEvent.Kind.AM_RESTARTED
                && e.detail().startsWith("attempt 2")), job.events().toString());
        assertEquals(2, job.status().get("am_attempt"));
    }

    @Test
    void aLaterAmAttemptStartsAnywayWhenTheOldContainersAreNotReportedGoneWithinTheCheckpointTimeout() {
        ElasticJob job = job(1, 1, 3);
        job.takeOver(2, Optional.empty(), List.of("old1"));
        job.granted("c1", Role.WORKER);
        advance(CHECKPOINT_TIMEOUT - 1, job);
        assertEquals(State.WAIT, job.assignment("c1").orElseThrow().state());
        advance(1, job);
        assertEquals(State.RUN, job.assignment("c1").orElseThrow().state());
    }

    @Test
    void aLaterAmAttemptNeverPublishesAStepBelowTheOneThePreviousAttemptPublished() {
        ElasticJob job = job(1, 1, 3);
        job.takeOver(2, Optional.of(new ProgressSample(1.0, 50, 1.5, 2.0, 1, 0)), List.of());
        job.granted("c1", Role.WORKER);
        advance(SETTLE, job);
        assertEquals(50, job.scriptView().step());

        job.progress(new ProgressReport(1, 41, 1.6, 640, 1)); // resumed from the checkpoint at step 40
        assertTrue(job.takeUnpublished().isEmpty(), "step 41 went back below the published 50");
        job.progress(new ProgressReport(1, 51, 1.4, 640, 1));
        assertEquals(51, job.takeUnpublished().get(0).step());
    }
}
