package io.yarndl.yarn.recovery;

import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.jobs.JobSamples;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.state.CarriedOver;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.status.SchedulerStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Takes the scheduler's checkpoint from what it holds in memory: the plan in force and the round
 * count, what the policy learned after its last good round, and the sample history of every job
 * that is still alive in the ResourceManager, and the DL2 model that serves, if any. Jobs that
 * ended are left out, so a checkpoint never carries a job that no restart will see again.
 *
 * <p>It also carries over ({@link CarriedOver}) the nodes where DL jobs ran (while a restored plan
 * is still held, the nodes it waits for: a second restart then waits for the same ones) and, for
 * each live job, its last {@value #HISTORY_PER_JOB} sizes and target changes, which REST serves.
 */
public final class CheckpointTaker {

    /** Sizes and target changes carried over per job: the newest, a bound on the checkpoint's size. */
    static final int HISTORY_PER_JOB = 200;

    private final PlanBook planBook;
    private final PolicyRunner policy;
    private final SchedulerStatus status;
    private final RestoredPlanHold hold;
    private final Supplier<JobRecordWatcher> records;
    private final Predicate<String> alive;
    private final Supplier<String> modelVersion;

    /**
     * @param records      the job-record watcher, or a supplier of null while ZooKeeper has not been reached
     * @param alive        whether an application id is still a running or recovering application
     * @param modelVersion the serving DL2 model's version, or null when none serves (or the policy is not dl2)
     */
    public CheckpointTaker(PlanBook planBook, PolicyRunner policy, SchedulerStatus status, RestoredPlanHold hold,
                           Supplier<JobRecordWatcher> records, Predicate<String> alive, Supplier<String> modelVersion) {
        this.planBook = planBook;
        this.policy = policy;
        this.status = status;
        this.hold = hold;
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
        SortedSet<String> dlNodes = hold.awaitedWhileHolding().orElseGet(status::dlNodes);
        CarriedOver carried = new CarriedOver(dlNodes,
                newestPerLiveJob(status.sizes(), point -> point.jobId()),
                newestPerLiveJob(planBook.history(), PlanBook.TargetChange::jobId));
        return SchedulerCheckpoint.current(nowMillis, policy.policyName(), modelVersion.get(), planBook.rounds(),
                planBook.current(), policy.lastState().orElse(null), samples, carried);
    }

    /** The live jobs' newest {@value #HISTORY_PER_JOB} entries each, in their original order. */
    private <T> List<T> newestPerLiveJob(List<T> entries, Function<T, String> jobOf) {
        Map<String, Integer> remaining = new HashMap<>();
        Deque<T> kept = new ArrayDeque<>();
        for (int i = entries.size() - 1; i >= 0; i--) {
            T entry = entries.get(i);
            String job = jobOf.apply(entry);
            int left = remaining.computeIfAbsent(job, id -> alive.test(id) ? HISTORY_PER_JOB : 0);
            if (left > 0) {
                kept.addFirst(entry);
                remaining.put(job, left - 1);
            }
        }
        return new ArrayList<>(kept);
    }
}
