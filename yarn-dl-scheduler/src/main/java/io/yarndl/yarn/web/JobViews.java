package io.yarndl.yarn.web;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.policy.optimus.OptimusForecast;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.JobRecord;
import io.yarndl.yarn.status.SchedulerStatus;
import io.yarndl.yarn.status.SizePoint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns what {@link SchedulerStatus} holds about DL jobs into the JSON views of the REST API.
 * Every prediction comes from scheduler-core's own Optimus model classes ({@link OptimusForecast}),
 * so what people read is what the policy believed; nothing is re-derived here.
 */
final class JobViews {

    /** Points of the fitted loss curve drawn for a job. */
    static final int CURVE_POINTS = 60;

    private final SchedulerStatus status;

    JobViews(SchedulerStatus status) {
        this.status = status;
    }

    /** Every job held, in submission order (then by id). */
    List<JobSummary> summaries() {
        List<JobSummary> jobs = new ArrayList<>();
        for (JobRecord job : status.jobs()) {
            jobs.add(summary(job));
        }
        jobs.sort(Comparator.comparingDouble(JobSummary::submitTime).thenComparing(JobSummary::id));
        return jobs;
    }

    JobSummary summary(JobRecord record) {
        JobSpec spec = record.state().spec();
        JobView view = record.state().toView();
        JobPlan target = status.plan().target(record.id());
        // An ended job holds nothing, whatever its last round saw.
        int heldWorkers = record.live() ? view.allocation().workers() : 0;
        int heldPs = record.live() ? view.allocation().ps() : 0;
        List<ProgressSample> samples = record.state().samples();
        ProgressSample last = samples.isEmpty() ? null : samples.get(samples.size() - 1);
        return new JobSummary(record.id(), spec.name(), spec.user(), spec.queue(),
                status.yarnState(record.id()).orElse("UNKNOWN"), record.live(), record.state().submitTimeSec(),
                record.lastSeenSec(), spec(spec), new JobSummary.Size(heldWorkers, heldPs),
                record.live() ? new JobSummary.Target(target.workers(), target.ps(), target.reason())
                        : new JobSummary.Target(0, 0, "ended"),
                last == null ? null : new JobSummary.Progress(last.timeSec(), last.step(), last.loss(),
                        last.stepsPerSecond(), gpuType(last), batchSize(last), noiseScale(last)),
                model(record.fitted()), modelNote(record), remaining(record, view, target, heldWorkers, heldPs),
                new JobSummary.Restarts(view.restarts().count(), view.restarts().totalSeconds()));
    }

    JobDetail detail(JobRecord record) {
        List<JobDetail.Sample> samples = new ArrayList<>();
        for (ProgressSample s : record.state().samples()) {
            samples.add(new JobDetail.Sample(s.timeSec(), s.step(), s.loss(), s.stepsPerSecond(), s.workers(), s.ps(),
                    gpuType(s), batchSize(s), noiseScale(s)));
        }
        List<JobDetail.SizeAt> sizes = new ArrayList<>();
        for (SizePoint p : status.sizes(record.id())) {
            sizes.add(new JobDetail.SizeAt(p.timeSec(), p.heldWorkers(), p.heldPs(), p.targetWorkers(), p.targetPs()));
        }
        List<JobDetail.TargetChange> changes = new ArrayList<>();
        for (PlanBook.TargetChange c : status.targetChanges(record.id())) {
            changes.add(new JobDetail.TargetChange(c.timeSec(), c.workers(), c.ps(), c.reason()));
        }
        List<JobDetail.CurvePoint> curve = new ArrayList<>();
        String note = lossCurve(record, curve);
        return new JobDetail(summary(record), samples, sizes, changes, curve, note);
    }

    /** Fills {@code points} with the fitted curve; returns why it is empty, or null. */
    private static String lossCurve(JobRecord record, List<JobDetail.CurvePoint> points) {
        if (record.fitted() == null || record.fitted().curve() == null) {
            return record.state().spec().goal() instanceof TrainingGoal.TargetLoss
                    ? "the policy has fitted no loss curve for this job (yet)"
                    : "the job's goal is a step count: the policy fits no loss curve for it";
        }
        JobView view = record.state().toView();
        OptimusForecast forecast;
        try {
            forecast = OptimusForecast.of(view, record.fitted());
        } catch (IllegalArgumentException unreadable) {
            return "the fitted loss curve cannot be used: " + unreadable.getMessage();
        }
        long step = view.currentStep();
        double toGoal = step + forecast.remainingSteps();
        // Past the latest sample, towards the predicted goal, but never so far that the samples shrink to a corner.
        double end = Math.max(1, Double.isFinite(toGoal) ? Math.min(toGoal, 3.0 * step) : step);
        end = Math.max(end, 1.1 * step);
        for (int i = 0; i <= CURVE_POINTS; i++) {
            double at = end * i / CURVE_POINTS;
            points.add(new JobDetail.CurvePoint(at, forecast.lossAt(at).orElseThrow()));
        }
        return null;
    }

    private JobSummary.Remaining remaining(JobRecord record, JobView view, JobPlan target, int heldWorkers,
                                           int heldPs) {
        int workers = target.workers() > 0 ? target.workers() : heldWorkers;
        int ps = target.workers() > 0 ? target.ps() : heldPs;
        if (!record.live()) {
            return new JobSummary.Remaining(null, null, 0, 0, "the job has ended");
        }
        if (record.fitted() == null) {
            return new JobSummary.Remaining(null, null, workers, ps, modelNote(record));
        }
        OptimusForecast.RemainingTime time;
        try {
            time = OptimusForecast.of(view, record.fitted()).remainingTime(workers, ps);
        } catch (IllegalArgumentException unreadable) {
            return new JobSummary.Remaining(null, null, workers, ps, "the fitted models cannot be used: "
                    + unreadable.getMessage());
        }
        return new JobSummary.Remaining(time.seconds(), Double.isFinite(time.steps()) ? time.steps() : null,
                workers, ps, time.reason());
    }

    private String modelNote(JobRecord record) {
        if (record.fitted() != null) {
            return null;
        }
        return status.learned().isEmpty() && record.live()
                ? "policy " + status.policy() + " keeps no fitted models"
                : "the policy had fitted no model for this job";
    }

    private static JobSummary.Model model(PolicyState.FittedJob fitted) {
        if (fitted == null) {
            return null;
        }
        PolicyState.Curve c = fitted.curve();
        PolicyState.Speed s = fitted.speed();
        return new JobSummary.Model(
                c == null ? null : new JobSummary.Curve(c.b0(), c.b1(), c.b2(), c.lossScale(), c.samplesUsed()),
                s == null ? null : new JobSummary.Speed(s.form(), s.coefficients(), s.globalBatch()),
                fitted.fittedStep());
    }

    private static JobSummary.Spec spec(JobSpec spec) {
        Long steps = spec.goal() instanceof TrainingGoal.FixedSteps fixed ? fixed.totalSteps() : null;
        Double loss = spec.goal() instanceof TrainingGoal.TargetLoss target ? target.loss() : null;
        return new JobSummary.Spec(spec.framework().name(), spec.architecture().name(), spec.minWorkers(),
                spec.maxWorkers(), spec.minPs(), spec.maxPs(), spec.requestedWorkers(), spec.requestedPs(),
                task(spec.workerDemand()), task(spec.psDemand()), spec.globalBatchSize(), steps, loss,
                spec.modelFamily().isEmpty() ? null : spec.modelFamily(), new JobSummary.BatchLimits(
                        spec.batchLimits().min(), spec.batchLimits().max(), spec.batchLimits().maxLocal()));
    }

    private static String gpuType(ProgressSample sample) {
        return sample.hasGpuType() ? sample.gpuType() : null;
    }

    private static Integer batchSize(ProgressSample sample) {
        return sample.batchSize() == ProgressSample.SPEC_BATCH ? null : sample.batchSize();
    }

    private static Double noiseScale(ProgressSample sample) {
        return sample.hasNoiseScale() ? sample.noiseScale() : null;
    }

    private static JobSummary.Task task(Resources r) {
        return new JobSummary.Task(r.gpus(), r.vcores(), r.memoryMb());
    }
}
