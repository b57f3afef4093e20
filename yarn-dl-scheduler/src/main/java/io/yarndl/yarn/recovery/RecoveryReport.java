package io.yarndl.yarn.recovery;

import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.state.CheckpointProblem;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import java.util.Optional;
import java.util.Set;

/**
 * What the scheduler took over from the checkpoint an earlier scheduler left, for the log, the
 * metrics and tests.
 *
 * @param outcome          whether a checkpoint was found and used
 * @param checkpoint       the checkpoint read, when one was found
 * @param problem          why a checkpoint found was not usable, when it was not
 * @param message          one line for people
 * @param droppedModels    jobs whose stored models the policy could not use (relearned from samples)
 * @param planAfter        the plan in force right after recovery, before this scheduler's first round
 * @param policyStateAfter what the policy held right after recovery
 * @param atMillis         when recovery happened
 */
public record RecoveryReport(Outcome outcome, Optional<SchedulerCheckpoint> checkpoint,
                             Optional<CheckpointProblem> problem, String message, Set<String> droppedModels,
                             Plan planAfter, Optional<PolicyState> policyStateAfter, long atMillis) {

    /** How recovery ended. */
    public enum Outcome {
        /** The plan, the policy's models and the samples were taken over. */
        RESTORED,
        /** No checkpoint existed: a first start. */
        NONE,
        /** A checkpoint existed but could not be used; the scheduler starts fresh. */
        REJECTED
    }

    public RecoveryReport {
        droppedModels = Set.copyOf(droppedModels);
    }
}
