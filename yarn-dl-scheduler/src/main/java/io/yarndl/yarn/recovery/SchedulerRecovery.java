package io.yarndl.yarn.recovery;

import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.state.CheckpointRead;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.state.SchedulerStateStore;
import io.yarndl.yarn.state.StateStoreException;
import io.yarndl.yarn.status.SchedulerStatus;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes over from the scheduler that ran before this one (an RM restart, or a standby RM that
 * became active): reads its checkpoint and puts back the plan it enforced, what its policy had
 * learned, each job's sample history and the sizes and target changes REST serves; the plan then
 * stays in force until the nodes that held DL containers are back ({@link RestoredPlanHold}). Runs once, after ZooKeeper is first reached and before
 * the job records are watched, so the seeded histories come first and live records follow them.
 *
 * <p>Nothing here is fatal: a missing checkpoint is a first start, an unusable one (corrupt,
 * truncated, oversized, another format, another policy's models) is reported and the scheduler
 * starts fresh, relearning each job from the samples its AM still publishes.
 */
public final class SchedulerRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(SchedulerRecovery.class);

    private final SchedulerStateStore store;
    private final PlanBook planBook;
    private final PolicyRunner policy;
    private final SchedulerStatus status;
    private final RestoredPlanHold hold;
    private final Supplier<String> modelVersion;

    /** @param modelVersion the serving DL2 model's version, or null when none serves */
    public SchedulerRecovery(SchedulerStateStore store, PlanBook planBook, PolicyRunner policy, SchedulerStatus status,
                             RestoredPlanHold hold, Supplier<String> modelVersion) {
        this.store = store;
        this.planBook = planBook;
        this.policy = policy;
        this.status = status;
        this.hold = hold;
        this.modelVersion = modelVersion;
    }

    /**
     * Reads the checkpoint and restores from it.
     *
     * @throws StateStoreException  when ZooKeeper could not be read (try again once it is back)
     * @throws InterruptedException when interrupted
     */
    public RecoveryReport recover(JobRecordWatcher records, long nowMillis)
            throws StateStoreException, InterruptedException {
        CheckpointRead read = store.read();
        if (read instanceof CheckpointRead.Absent) {
            LOG.info("no scheduler checkpoint at {}: starting fresh", store.path());
            return new RecoveryReport(RecoveryReport.Outcome.NONE, Optional.empty(), Optional.empty(),
                    "no checkpoint at " + store.path(), Set.of(), planBook.current(), policy.lastState(), nowMillis);
        }
        if (read instanceof CheckpointRead.Rejected rejected) {
            LOG.warn("scheduler checkpoint not used ({}): {}; starting fresh, each job's models are relearned from"
                    + " its samples", rejected.reason(), rejected.message());
            return new RecoveryReport(RecoveryReport.Outcome.REJECTED, Optional.empty(),
                    Optional.of(rejected.reason()), rejected.message(), Set.of(), planBook.current(), policy.lastState(),
                    nowMillis);
        }
        SchedulerCheckpoint checkpoint = ((CheckpointRead.Found) read).checkpoint();
        if (planBook.rounds() == 0) {
            planBook.restore(checkpoint.plan(), checkpoint.rounds());
            planBook.restoreHistory(checkpoint.carriedOver().targetChanges());
            status.restoreSizes(checkpoint.carriedOver().sizes());
            hold.hold(checkpoint.carriedOver().dlNodes(), nowMillis);
        }
        Set<String> dropped = restorePolicy(checkpoint);
        records.seed(checkpoint.samples());
        String message = "restored from the checkpoint of " + checkpoint.writtenAtMillis() + " (round "
                + checkpoint.rounds() + ", policy " + checkpoint.policy() + "): plan of "
                + checkpoint.plan().jobs().size() + " jobs, models of "
                + (checkpoint.policyState() == null ? 0 : checkpoint.policyState().jobs().size() - dropped.size())
                + " jobs, samples of " + checkpoint.samples().size() + " jobs"
                + (dropped.isEmpty() ? "" : "; models relearned for " + dropped);
        LOG.info(message);
        String models = modelComparison(checkpoint.modelVersion(), modelVersion.get());
        if (models != null) {
            LOG.info(models);
        }
        return new RecoveryReport(RecoveryReport.Outcome.RESTORED, Optional.of(checkpoint), Optional.empty(),
                message, dropped, planBook.current(), policy.lastState(), nowMillis);
    }

    /**
     * The line that compares the DL2 model the checkpoint was written under with the one serving
     * now; null when neither had one. Informational only: DL2 keeps no per-job state, so nothing
     * depends on the model being the same.
     */
    static String modelComparison(String before, String now) {
        if (before == null && now == null) {
            return null;
        }
        if (Objects.equals(before, now)) {
            return "DL2 model " + now + " serves, as it did when the checkpoint was written";
        }
        return "the checkpoint was written while " + (before == null ? "no DL2 model served" : "DL2 model " + before
                + " served") + "; now " + (now == null ? "none serves" : "DL2 model " + now + " serves")
                + " (DL2 keeps no per-job state: nothing to carry over)";
    }

    private Set<String> restorePolicy(SchedulerCheckpoint checkpoint) throws InterruptedException {
        if (checkpoint.policyState() == null) {
            return Set.of();
        }
        try {
            return policy.restore(checkpoint.policyState());
        } catch (IllegalArgumentException unusable) {
            LOG.warn("the checkpoint's models are not used: {}", unusable.getMessage());
            return checkpoint.policyState().jobs().keySet();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException failed) {
            LOG.warn("restoring the policy's models failed; they are relearned from the samples", failed);
            return checkpoint.policyState().jobs().keySet();
        }
    }
}
