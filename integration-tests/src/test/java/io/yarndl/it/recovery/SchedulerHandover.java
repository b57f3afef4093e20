package io.yarndl.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.recovery.RecoveryReport;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Checks that a new scheduler (restarted RM, or the standby become active) took over what the old
 * one had learned: the checkpoint the old one wrote as it stopped is the one the new one read, and
 * right after reading it the new one enforces the very same plan and holds the very same fitted
 * models, parameter for parameter.
 */
final class SchedulerHandover {

    private static final long POLL_MS = 100;

    private SchedulerHandover() {
    }

    /** Waits until {@code scheduler} has fitted a speed model for every job and checkpointed it. */
    static void awaitModelsCheckpointed(DeepLearningScheduler scheduler, List<TrainingJobs.Job> jobs, Duration timeout)
            throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (System.currentTimeMillis() < deadline) {
            SchedulerCheckpoint written = scheduler.checkpoints().lastWritten().orElse(null);
            if (written != null && written.policyState() != null && jobs.stream().allMatch(job ->
                    hasSpeed(written.policyState(), job) && written.plan().target(job.id().toString()).runs()
                            && written.samples().containsKey(job.id().toString()))) {
                return;
            }
            Thread.sleep(POLL_MS);
        }
        throw new TimeoutException("no checkpoint with every job's speed model, plan and samples within " + timeout
                + "; last written: " + scheduler.checkpoints().lastWritten());
    }

    /** Asserts that {@code after} restored exactly what {@code before} wrote last. */
    static RecoveryReport assertTookOver(DeepLearningScheduler before, DeepLearningScheduler after,
                                         List<TrainingJobs.Job> jobs, Duration timeout) throws Exception {
        SchedulerCheckpoint last = before.checkpoints().lastWritten().orElseThrow(
                () -> new AssertionError("the old scheduler wrote no checkpoint"));
        RecoveryReport report = awaitReport(after, timeout);

        assertEquals(RecoveryReport.Outcome.RESTORED, report.outcome(), report.message());
        assertEquals(last, report.checkpoint().orElseThrow(), "the new scheduler read another checkpoint");
        assertEquals(last.plan(), report.planAfter(), "plan enforced after the handover");
        assertTrue(after.planBook().rounds() >= last.rounds(), "the round count starts again from "
                + after.planBook().rounds() + ", not from the old " + last.rounds());
        PolicyState models = report.policyStateAfter().orElseThrow();
        assertEquals(last.policyState(), models, "fitted models after the handover");
        assertTrue(report.droppedModels().isEmpty(), "models dropped: " + report.droppedModels());
        for (TrainingJobs.Job job : jobs) {
            assertTrue(hasSpeed(models, job), job.name() + " has no speed model after the handover: " + models);
            assertTrue(report.planAfter().target(job.id().toString()).runs(), job.name() + " not in the restored plan");
        }
        return report;
    }

    private static RecoveryReport awaitReport(DeepLearningScheduler scheduler, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (System.currentTimeMillis() < deadline) {
            RecoveryReport report = scheduler.recoveryReport().orElse(null);
            if (report != null) {
                return report;
            }
            Thread.sleep(POLL_MS);
        }
        throw new TimeoutException("the new scheduler did not read the checkpoint within " + timeout);
    }

    private static boolean hasSpeed(PolicyState state, TrainingJobs.Job job) {
        PolicyState.FittedJob fitted = state.jobs().get(job.id().toString());
        return fitted != null && fitted.speed() != null && !fitted.speed().coefficients().isEmpty();
    }
}
