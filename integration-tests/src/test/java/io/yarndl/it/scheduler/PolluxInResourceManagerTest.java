package io.yarndl.it.scheduler;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.yarn.round.PlanBook;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves {@code pollux} (scheduler-core's PolluxPolicy) in a real RM with two all-reduce jobs that
 * declare batch limits ({@value #MIN_BATCH} to {@value #MAX_BATCH} samples, {@value #MAX_LOCAL} a
 * GPU), so the limits travel from the AM's spec through ZooKeeper to the policy. The toy AM reports
 * no batch size or noise scale, so Pollux plans them by their measured throughput at their
 * reference batch, as docs/pollux.md says it does. Proves that every size given while a job trained
 * came from Pollux's power-mean program ({@code pollux (p=-1, ...): speedup ... over a fair share}),
 * that the second job ran beside the first rather than after it, that neither job changed size more
 * than {@value TwoJobsUnderPolicy#MAX_SIZE_CHANGES} times (no flipping between sizes round after
 * round), and that no plan went beyond the cluster (the RM's plan check refused none).
 */
class PolluxInResourceManagerTest extends TwoJobsUnderPolicy {

    static final int MIN_BATCH = 32;
    static final int MAX_BATCH = 512;
    static final int MAX_LOCAL = 64;
    private static final BatchLimits LIMITS = new BatchLimits(MIN_BATCH, MAX_BATCH, MAX_LOCAL);

    @Override
    String policy() {
        return "pollux";
    }

    @Override
    JobDescription bigJob() {
        return super.bigJob().withBatchLimits(LIMITS);
    }

    @Override
    JobDescription smallJob() {
        return super.smallJob().withBatchLimits(LIMITS);
    }

    @Override
    void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId) {
        for (String job : List.of(bigId, smallId)) {
            ToyEventLog log = job.equals(bigId) ? big : small;
            List<PlanBook.TargetChange> training = sizedWhileTraining(history, job, log);
            assertFalse(training.isEmpty(), "pollux sized " + job + " while it trained: " + history);
            for (PlanBook.TargetChange change : training) {
                String reason = change.reason();
                assertTrue(reason.startsWith("pollux (p=-1, ") || reason.startsWith("shrunk from "), reason);
                // a count the nodes could not hold whole (another job's containers not yet gone) is
                // shrunk by the placement, and the reason names the count the power mean chose
                int chosen = reason.startsWith("shrunk from ") ? shrunkFrom(reason) : change.workers();
                assertTrue(chosen >= change.workers(), "a placement only shrinks: " + change);
                assertTrue(reason.contains("pollux (p=-1, ") && reason.contains(": speedup ")
                        && reason.contains(" over a fair share of ")
                        && reason.contains(" at " + chosen + " workers on "),
                        "the size the power mean chose, with its speedup: " + change);
                int batch = batchOf(reason);
                assertTrue(LIMITS.allows(batch), "a batch within the job's limits: " + change);
            }
        }
        for (String job : List.of(bigId, smallId)) {
            // grow, shrink for the other job, grow back, leave: a few; flapping runs up one a round
            assertTrue(sizeChanges(history, job) <= MAX_SIZE_CHANGES, job + " changed size "
                    + sizeChanges(history, job) + " times: " + history);
        }
        assertTrue(firstStart(small) < finish(big), "small waited for big:\n" + small.format());
        assertEquals(0, cluster.activeScheduler().planBook().invalidPlans(), "plans beyond the cluster: " + history);
    }

    /** The count a placement shrank ({@code shrunk from 4w/0ps to fit the nodes; ...}). */
    private static int shrunkFrom(String reason) {
        String rest = reason.substring("shrunk from ".length());
        return Integer.parseInt(rest.substring(0, rest.indexOf('w')));
    }

    /** The global batch a reason names ({@code ..., batch 64 (64 a replica), ...}). */
    static int batchOf(String reason) {
        int at = reason.indexOf(", batch ");
        assertTrue(at >= 0, "names the batch: " + reason);
        String rest = reason.substring(at + ", batch ".length());
        return Integer.parseInt(rest.substring(0, rest.indexOf(' ')));
    }
}
