package io.yarndl.it.scheduler;

import io.yarndl.yarn.round.PlanBook;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves {@code optimus} (scheduler-core's OptimusPolicy) in a real RM: unlike the static
 * policies, it starts the first job at its minimum, grows it as its fitted speed model promises
 * gains, and runs the second job beside it as soon as it arrives.
 */
class OptimusInResourceManagerTest extends TwoJobsUnderPolicy {

    @Override
    String policy() {
        return "optimus";
    }

    @Override
    void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId) {
        assertTrue(firstStart(small) < finish(big), "small waited for big:\n" + small.format());
        assertTrue(history.stream().filter(c -> c.jobId().equals(bigId)).count() >= 2,
                "optimus never grew big from its minimum: " + history);
    }
}
