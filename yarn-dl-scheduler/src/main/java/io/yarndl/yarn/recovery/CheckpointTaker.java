package io.yarndl.yarn.recovery;

import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.jobs.JobSamples;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Takes the scheduler's checkpoint from what it holds in memory: the plan in force and the round
 * count, what the policy learned after its last good round, and the sample history of every job
 * that is still alive in the ResourceManager, and the DL2 model that serves, if any. Jobs that
 * ended are left out, so a checkpoint never carries a job that no restart will see again.
 */
public final class CheckpointTaker {

    private final PlanBook planBook;
    private final PolicyRunner policy;
    private final Supplier<JobRecordWatcher> records;
    private final Predicate<String> alive;
    private final Supplier<String> modelVersion;

    /**
     * @param records      the job-record watcher, or a supplier of null while ZooKeeper has not been reached
     * @param alive        whether an application id is still a running or recovering application
     * @param modelVersion the serving DL2 model's version, or null when none serves (or the policy is not dl2)
     */
    public CheckpointTaker(PlanBook planBook, PolicyRunner policy, Supplier<JobRecordWatcher> records,
                           Predicate<String> alive, Supplier<String> modelVersion) {
        this.planBook = planBook;
        this.policy = policy;
        this.records = records;
        this.alive = alive;
        this.modelVersion = modelVersion;
    }

    public SchedulerCheckpoint take(long nowMillis) {
        Map<String, JobSamples> samples = new TreeMap<>();
        JobRecordWatcher watcher = records.get();
        if (watcher != null) {
            watcher.sampleHistories().forEach((job, history) -> {
                if (alive.test(job)) {
                    samples.put(job, history);
                }
            });
        }
        return SchedulerCheckpoint.current(nowMillis, policy.policyName(), modelVersion.get(), planBook.rounds(),
                planBook.current(), policy.lastState().orElse(null), samples);
    }
}
