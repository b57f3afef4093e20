package io.yarndl.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.ApplicationId;

/**
 * Submits the demo's two jobs and prints their progress until both end or a stop is asked for. The
 * second job is submitted once the first has trained at its full size for a while, so a person sees
 * it grow first and then shrink to make room; or after {@link #SECOND_JOB_AT_THE_LATEST} whatever
 * happened, so a policy that never grows it (fifo, drf) still shows two jobs.
 */
final class JobsFollower {

    /** How long the first job trains at 2 workers before the second one arrives. */
    private static final Duration FULL_SIZE_FIRST = Duration.ofSeconds(15);
    private static final Duration SECOND_JOB_AT_THE_LATEST = Duration.ofSeconds(60);

    private final DemoSettings settings;
    private final ProgressPrinter printer;
    private final StopSignal stop;
    private final JobSubmitter submitter;
    private final JobStatusReader reader;
    private final PlanEvents plans;
    private final Map<DemoJob, ApplicationId> submitted = new LinkedHashMap<>();

    JobsFollower(DemoSettings settings, DemoPaths paths, DemoCluster cluster, ProgressPrinter printer,
                 StopSignal stop) {
        this.settings = settings;
        this.printer = printer;
        this.stop = stop;
        this.submitter = new JobSubmitter(cluster.conf(), cluster.confDir(), paths, settings.python());
        this.reader = new JobStatusReader(cluster.yarn(), cluster.scheduler());
        this.plans = new PlanEvents(cluster.scheduler().planBook());
    }

    /** Runs the jobs; returns their last statuses (both ended, unless a stop was asked for). */
    List<JobStatus> follow() throws Exception {
        List<DemoJob> jobs = jobs(settings);
        DemoJob first = jobs.get(0);
        DemoJob second = jobs.get(1);
        submit(first);
        long firstSubmitted = System.nanoTime();
        long fullSince = -1;
        List<JobStatus> statuses = List.of();
        while (true) {
            statuses = read();
            plans.newChanges(names()).forEach(printer::event);
            printer.jobs(statuses);
            JobStatus firstStatus = statuses.get(0);
            if (!submitted.containsKey(second)) {
                if (firstStatus.heldWorkers() < DemoJob.MAX_WORKERS) {
                    fullSince = -1;
                } else if (fullSince < 0) {
                    fullSince = System.nanoTime();
                }
                boolean shownAtFullSize = fullSince >= 0 && System.nanoTime() - fullSince >= FULL_SIZE_FIRST.toNanos();
                boolean waitedLongEnough = System.nanoTime() - firstSubmitted >= SECOND_JOB_AT_THE_LATEST.toNanos();
                if (shownAtFullSize || waitedLongEnough || firstStatus.ended()) {
                    submit(second);
                    continue;
                }
            } else if (statuses.stream().allMatch(JobStatus::ended)) {
                break;
            }
            if (stop.await(settings.refresh())) {
                break;
            }
        }
        printer.freeze();
        return statuses;
    }

    /** The first job (the one that grows and shrinks) and the second, from the settings. */
    static List<DemoJob> jobs(DemoSettings settings) {
        return List.of(
                new DemoJob("ddp-first", settings.firstEpochs(), settings.stepsPerEpoch(), settings.stepSeconds()),
                new DemoJob("ddp-second", settings.secondEpochs(), settings.stepsPerEpoch(), settings.stepSeconds()));
    }

    /** Application ids to job names, for the plan's lines. */
    private Map<String, String> names() {
        Map<String, String> names = new LinkedHashMap<>();
        submitted.forEach((job, id) -> names.put(id.toString(), job.name()));
        return names;
    }

    private void submit(DemoJob job) {
        ApplicationId id = submitter.submit(job);
        submitted.put(job, id);
        printer.event("submitted " + job.name() + " as " + id + ": examples/ddp_cnn.py, " + DemoJob.MIN_WORKERS + " to "
                + DemoJob.MAX_WORKERS + " workers of " + DemoJob.GPUS_PER_WORKER + " GPUs, " + job.totalSteps()
                + " steps");
    }

    private List<JobStatus> read() throws Exception {
        List<JobStatus> statuses = new ArrayList<>();
        for (Map.Entry<DemoJob, ApplicationId> e : submitted.entrySet()) {
            statuses.add(reader.read(e.getKey(), e.getValue()));
        }
        return statuses;
    }
}
