package io.yarndl.demo;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.status.JobRecord;
import io.yarndl.yarn.status.SchedulerStatus;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationResourceUsageReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Reads a job's {@link JobStatus}: state, containers and times from YARN's application report; the
 * planned size from the scheduler's plan; step, loss and speed from the last progress sample of the
 * job as the scheduler's last round saw it ({@link SchedulerStatus#job}, which keeps ended jobs too,
 * as the web page shows them).
 */
final class JobStatusReader {

    private final YarnClient yarn;
    private final DeepLearningScheduler scheduler;

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

        Optional<DlJobState> seen = scheduler.status().job(app).map(JobRecord::state);
        List<ProgressSample> samples = seen.map(DlJobState::samples).orElse(List.of());
        ProgressSample sample = samples.isEmpty() ? null : samples.get(samples.size() - 1);
        double samplesPerSecond = sample == null ? Double.NaN
                : sample.stepsPerSecond() * seen.get().spec().globalBatchSize();

        int target = ended ? 0 : scheduler.planBook().target(app).workers();
        long end = ended && report.getFinishTime() > 0 ? report.getFinishTime() : System.currentTimeMillis();
        Duration elapsed = Duration.ofMillis(Math.max(0, end - report.getStartTime()));
        return new JobStatus(job.name(), app, shown, ended, outcome == FinalApplicationStatus.SUCCEEDED,
                ended ? 0 : heldWorkers(report), target, sample == null ? -1 : sample.step(), job.totalSteps(),
                sample == null ? Double.NaN : sample.loss(), samplesPerSecond, elapsed);
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
