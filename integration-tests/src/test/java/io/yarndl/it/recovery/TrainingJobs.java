package io.yarndl.it.recovery;

import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.scheduler.DlJobs;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationAttemptState;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Toy deep-learning jobs that train through a ResourceManager outage, and the checks that the RM
 * that comes back carried them on rather than starting them again. Each job has exactly
 * {@value #WORKERS} one-GPU workers (min = max), so no policy has reason to resize it and every
 * container it holds before the outage must be the one it holds after. Training goes on while
 * the RM is away: the toy AM counts steps against the workers it holds, not against heartbeats.
 */
final class TrainingJobs {

    static final int WORKERS = 2;
    /** The scheduler under test: yarn-dl's, running optimus every half second. */
    static final Consumer<Configuration> UNDER_OPTIMUS = conf -> {
        conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
        conf.set(SchedulerSettings.POLICY, "optimus");
        conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 1_000);
        conf.setLong(SchedulerSettings.CHECKPOINT_INTERVAL_MS, 1_000);
    };
    /** About a minute of training at 2 workers (18 steps/s): longer than an outage plus the checks. */
    private static final long STEPS = 1_200;
    private static final long POLL_MS = 200;

    /**
     * One running job as the RM saw it before the outage.
     *
     * @param containers the attempt's live containers, its AM's included
     */
    record Job(String name, ApplicationId id, Path events, ApplicationAttemptId attempt, Set<String> containers) {
    }

    private final ToyJobClient client;
    private final Duration timeout;
    private final List<Job> jobs;

    private TrainingJobs(ToyJobClient client, Duration timeout, List<Job> jobs) {
        this.client = client;
        this.timeout = timeout;
        this.jobs = jobs;
    }

    /** Submits one job per name and returns once every one trains with all its workers. */
    static TrainingJobs start(DlMiniCluster cluster, ToyJobClient client, Duration timeout, String... names)
            throws Exception {
        return start(cluster, client, timeout, STEPS, names);
    }

    /** Like {@link #start(DlMiniCluster, ToyJobClient, Duration, String...)}, each job training {@code steps} steps. */
    static TrainingJobs start(DlMiniCluster cluster, ToyJobClient client, Duration timeout, long steps,
                              String... names) throws Exception {
        List<ApplicationId> ids = new ArrayList<>();
        for (String name : names) {
            ids.add(client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce(name, WORKERS, WORKERS, steps),
                    ToyAmOptions.defaults().withEvents(events(cluster, name))));
        }
        List<Job> jobs = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            Path events = events(cluster, names[i]);
            ToyEventLog.await(events, timeout,
                    log -> log.maxHeldWorkers() == WORKERS && !log.of(Event.PROGRESS).isEmpty());
            ApplicationReport report = client.awaitState(ids.get(i), timeout, YarnApplicationState.RUNNING);
            ApplicationAttemptId attempt = report.getCurrentApplicationAttemptId();
            // The AM's container and its workers' only: a surplus grant on its way back would not be recovered.
            Set<String> containers = await(names[i] + "'s live containers", timeout,
                    () -> liveContainers(client, attempt), live -> live.size() == WORKERS + 1);
            jobs.add(new Job(names[i], ids.get(i), events, attempt, containers));
        }
        return new TrainingJobs(client, timeout, List.copyOf(jobs));
    }

    private static Path events(DlMiniCluster cluster, String name) {
        return cluster.workDir().resolve(name + ".events");
    }

    List<Job> jobs() {
        return jobs;
    }

    /**
     * Waits until the RM now answering reports every job RUNNING in the same attempt, its AM
     * registered again, with the same live containers as before: recovered from the NodeManagers'
     * reports, none relaunched.
     */
    void awaitSameAttemptsAndContainers() throws Exception {
        for (Job job : jobs) {
            ApplicationReport report = client.awaitState(job.id(), timeout, YarnApplicationState.RUNNING);
            assertEquals(job.attempt(), report.getCurrentApplicationAttemptId(),
                    job.name() + " runs in a new attempt: its ApplicationMaster was relaunched");
            await(job.name() + "'s live containers", timeout, () -> liveContainers(client, job.attempt()),
                    job.containers()::equals);
            // The attempt is recovered as LAUNCHED; RUNNING again once its AM re-registered by itself.
            await(job.name() + "'s attempt", timeout,
                    () -> client.yarnClient().getApplicationAttemptReport(job.attempt()).getYarnApplicationAttemptState(),
                    YarnApplicationAttemptState.RUNNING::equals);
            assertEquals(1, client.yarnClient().getApplicationAttempts(job.id()).size(),
                    job.name() + " has more than one attempt");
        }
    }

    /**
     * Waits for every job to finish SUCCEEDED, then checks from its event log that it kept its
     * workers throughout: no container granted beyond the first ones, none preempted, none
     * completed that the AM had not released at the end, and training reported after {@code sinceMillis}.
     */
    void awaitSucceededWithTheirFirstContainers(long sinceMillis) throws Exception {
        for (Job job : jobs) {
            ApplicationReport report = client.awaitState(job.id(), timeout, YarnApplicationState.FINISHED);
            assertEquals(FinalApplicationStatus.SUCCEEDED, report.getFinalApplicationStatus(), report.getDiagnostics());
            assertEquals(job.attempt(), report.getCurrentApplicationAttemptId());
            ToyEventLog log = ToyEventLog.read(job.events());
            String history = job.name() + "'s event log:\n" + log.format();
            List<String> granted = log.containers(Event.GRANTED);
            assertEquals(WORKERS, granted.size(), history);
            assertTrue(job.containers().containsAll(granted), "worker containers not held before the outage; " + history);
            assertTrue(log.of(Event.PREEMPT_REQUESTED).isEmpty(), history);
            assertTrue(log.containers(Event.RELEASED).containsAll(log.containers(Event.COMPLETED)),
                    "a worker ended without the AM releasing it; " + history);
            assertTrue(log.of(Event.PROGRESS).stream().anyMatch(e -> e.epochMillis() > sinceMillis),
                    "no training reported after the outage; " + history);
        }
    }

    /** What the RM reports, read every {@value #POLL_MS} ms until {@code wanted} accepts it. */
    private static <T> T await(String what, Duration timeout, Probe<T> probe, Predicate<T> wanted) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        T seen = probe.read();
        while (!wanted.test(seen)) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException(what + " still " + seen + " after " + timeout);
            }
            Thread.sleep(POLL_MS);
            seen = probe.read();
        }
        return seen;
    }

    /** One read of the RM's state. */
    private interface Probe<T> {
        T read() throws IOException, YarnException;
    }

    private static Set<String> liveContainers(ToyJobClient client, ApplicationAttemptId attempt)
            throws IOException, YarnException {
        Set<String> ids = new TreeSet<>();
        for (ContainerReport container : client.yarnClient().getContainers(attempt)) {
            ids.add(container.getContainerId().toString());
        }
        return ids;
    }
}
