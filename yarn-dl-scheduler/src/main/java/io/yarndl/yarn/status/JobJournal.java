package io.yarndl.yarn.status;

import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.round.DlJobState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The DL jobs people can read about: each live job as the latest round saw it, and the last
 * {@value #ENDED_KEPT} jobs that ended, as their last round saw them. The scheduler forgets an
 * ended job's samples and models at once (the watcher and the policy keep live jobs only); this
 * keeps them, so the page still shows a job that finished a minute ago, as the RM's own pages do.
 *
 * <p>Written by the round thread, read by web requests: every method locks this object briefly;
 * what it returns is immutable.
 */
public final class JobJournal {

    /** Ended jobs kept; the ones seen longest ago go first. */
    static final int ENDED_KEPT = 50;

    private final int endedKept;
    private final Map<String, JobRecord> jobs = new LinkedHashMap<>();

    public JobJournal() {
        this(ENDED_KEPT);
    }

    JobJournal(int endedKept) {
        this.endedKept = endedKept;
    }

    /** One round's jobs and what the policy had fitted after it; jobs it did not see are ended. */
    public synchronized void record(double timeSec, List<DlJobState> round, Optional<PolicyState> learned) {
        Map<String, PolicyState.FittedJob> fitted = learned.map(PolicyState::jobs).orElse(Map.of());
        jobs.replaceAll((id, job) -> job.ended());
        for (DlJobState job : round) {
            jobs.put(job.id(), new JobRecord(job, fitted.get(job.id()), timeSec, true));
        }
        List<JobRecord> ended = new ArrayList<>();
        for (JobRecord job : jobs.values()) {
            if (!job.live()) {
                ended.add(job);
            }
        }
        if (ended.size() > endedKept) {
            ended.sort(Comparator.comparingDouble(JobRecord::lastSeenSec));
            for (JobRecord old : ended.subList(0, ended.size() - endedKept)) {
                jobs.remove(old.id());
            }
        }
    }

    /** Every job held, live and ended, in the order they were first seen. */
    public synchronized List<JobRecord> jobs() {
        return List.copyOf(jobs.values());
    }

    public synchronized Optional<JobRecord> job(String applicationId) {
        return Optional.ofNullable(jobs.get(applicationId));
    }
}
