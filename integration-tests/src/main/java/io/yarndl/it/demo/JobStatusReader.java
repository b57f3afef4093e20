package io.yarndl.it.demo;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.jobs.JobDescription;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationResourceUsageReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Reads a job's {@link JobStatus}: state, containers and times from YARN's application report; the
 * planned size from the scheduler's plan; step, loss and speed from the last progress record its
 * ApplicationMaster published in ZooKeeper, as the scheduler's watcher holds it. The scheduler
 * forgets a job's records when it ends, so the last ones seen are kept here.
 */
final class JobStatusReader {

    private final YarnClient yarn;
    private final DeepLearningScheduler scheduler;
    private final Map<String, ProgressSample> lastSample = new ConcurrentHashMap<>();
    private final Map<String, Integer> globalBatch = new ConcurrentHashMap<>();

    JobStatusReader(YarnClient yarn, DeepLearningScheduler scheduler) {
        this.yarn = yarn;
        this.scheduler = scheduler;
    }

    JobStatus read(DemoJob job, ApplicationId id) throws IOException, YarnException {
        String app = id.toString();
        ApplicationReport report = yarn.getApplicationReport(id);
        YarnApplicationState state = report.getYarnApplicationState();
        boolean ended = state == YarnApplicationState.FINISHED || state == YarnApplicationState.FAILED
                || state == YarnApplicationState.KILLED;
        FinalApplicationStatus outcome = report.getFinalApplicationStatus();
        String shown = ended ? state + "/" + outcome : state.toString();

        records().ifPresent(watcher -> {
            List<ProgressSample> samples = watcher.samples(app);
            if (!samples.isEmpty()) {
                lastSample.put(app, samples.get(samples.size() - 1));
            }
            watcher.description(app).map(JobDescription::globalBatchSize).ifPresent(b -> globalBatch.put(app, b));
        });
        ProgressSample sample = lastSample.get(app);
        Integer batch = globalBatch.get(app);
        double samplesPerSecond = sample == null || batch == null ? Double.NaN : sample.stepsPerSecond() * batch;

        int target = ended ? 0 : scheduler.planBook().target(app).workers();
        long end = ended && report.getFinishTime() > 0 ? report.getFinishTime() : System.currentTimeMillis();
        Duration elapsed = Duration.ofMillis(Math.max(0, end - report.getStartTime()));
        return new JobStatus(job.name(), app, shown, ended, outcome == FinalApplicationStatus.SUCCEEDED,
                ended ? 0 : heldWorkers(report), target, sample == null ? -1 : sample.step(), job.totalSteps(),
                sample == null ? Double.NaN : sample.loss(), samplesPerSecond, elapsed);
    }

    private Optional<JobRecordWatcher> records() {
        return scheduler.zooKeeperState().records();
    }

    /** Containers in use minus the ApplicationMaster's own. */
    private static int heldWorkers(ApplicationReport report) {
        ApplicationResourceUsageReport usage = report.getApplicationResourceUsageReport();
        if (usage == null || usage.getNumUsedContainers() <= 0) {
            return 0;
        }
        return usage.getNumUsedContainers() - 1;
    }
}
