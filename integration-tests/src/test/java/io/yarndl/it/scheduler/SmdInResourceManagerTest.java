package io.yarndl.it.scheduler;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.yarn.round.PlanBook;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves {@code smd} (scheduler-core's SmdPolicy) in a real RM with two parameter-server jobs that
 * declare ResNet-50, a model SMD has a layer table and a shipped calibration for, so its layer
 * model sizes them from their first plan rather than Optimus' fallback curve: each runs with
 * workers and parameter servers the RM granted, every size it was given says it came from SMD's
 * knapsacks ({@code smd: ...}), and no plan went beyond the cluster (the RM's plan check refused none).
 */
class SmdInResourceManagerTest extends TwoJobsUnderPolicy {

    private static final String FAMILY = "resnet-50";

    @Override
    String policy() {
        return "smd";
    }

    /**
     * A quarter of the steps the other policies' big job has: SMD's ResNet-50 model finds its steps
     * bound by moving 102 MB of parameters, so it keeps the job at one worker, where the toy trains
     * 10 steps a second, and 300 steps already outlast small's arrival; 1,200 would make this the
     * slowest of the two-job tests for nothing more.
     */
    @Override
    JobDescription bigJob() {
        return DlJobs.parameterServer("big", FAMILY, 1, 6, 6, 1, 2, 300);
    }

    @Override
    JobDescription smallJob() {
        return DlJobs.parameterServer("small", FAMILY, 2, 4, 4, 1, 2, 300);
    }

    @Override
    void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId) {
        for (String job : List.of(bigId, smallId)) {
            ToyEventLog log = job.equals(bigId) ? big : small;
            List<PlanBook.TargetChange> sized = history.stream()
                    .filter(c -> c.jobId().equals(job) && c.workers() > 0).toList();
            assertFalse(sized.isEmpty(), "smd never ran " + job + ": " + history);
            assertTrue(sized.stream().allMatch(c -> c.ps() >= 1 && c.ps() <= 2), "servers within [1, 2]: " + sized);
            // Once the goal is met the job has no steps to go, and SMD holds it at its minimum until it leaves.
            long goalMet = log.of(Event.PROGRESS).get(log.of(Event.PROGRESS).size() - 1).epochMillis();
            List<PlanBook.TargetChange> training = sized.stream().filter(c -> c.timeSec() * 1000 < goalMet).toList();
            assertFalse(training.isEmpty(), "smd sized " + job + " while it trained: " + sized);
            assertTrue(training.stream().allMatch(c -> c.reason().startsWith("smd: ")),
                    "sized by SMD's layer model, not held at its minimum: " + training);
        }
        for (ToyEventLog log : List.of(big, small)) {
            assertTrue(log.maxServersWhileTraining() >= 1, "trained with a granted server:\n" + log.format());
        }
        assertTrue(big.maxServersWhileTraining() <= maxPlannedServers(history, bigId), big.format());
        assertTrue(small.maxServersWhileTraining() <= maxPlannedServers(history, smallId), small.format());
        assertTrue(firstStart(small) < finish(big), "small waited for big:\n" + small.format());
        assertEquals(0, cluster.activeScheduler().planBook().invalidPlans(), "plans beyond the cluster: " + history);
    }

    private static int maxPlannedServers(List<PlanBook.TargetChange> history, String jobId) {
        return history.stream().filter(c -> c.jobId().equals(jobId)).mapToInt(PlanBook.TargetChange::ps).max().orElse(0);
    }
}
