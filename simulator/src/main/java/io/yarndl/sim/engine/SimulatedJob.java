package io.yarndl.sim.engine;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.sim.workload.LossCurveShape.TrueLossCurve;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkerLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One job while it is in the simulated cluster: its hidden ground truth, its progress and the
 * samples it has reported. Mutable, owned by one {@link Simulator} run.
 */
final class SimulatedJob {

    private final TraceJob job;
    private final JobSpec spec;
    private final TrueLossCurve trueCurve;
    private final SplittableRandom noise;
    private final SimConfig config;
    private final PlacementTruth truth;
    private final List<ProgressSample> samples = new ArrayList<>();

    private Allocation allocation = Allocation.NONE;
    private String gpuType = Node.UNKNOWN_GPU_TYPE;
    /** The job it shares its GPUs with (either holding them), or null while its GPUs are its own. */
    private SimulatedJob partner;
    /** True while its tasks sit on GPUs its partner holds, so the GPU-seconds are the partner's. */
    private boolean guest;
    private double stepsDone;
    private double startSec = Double.NaN;
    private double nextSampleSec = Double.NaN;
    private int resizes;
    private double gpuSeconds;
    /** The share of its speed it keeps this round for its racks and neighbours ({@link PlacementEffects}). */
    private double placementFactor = 1;

    SimulatedJob(TraceJob job, SimConfig config) {
        this(job, config, PlacementTruth.NODES_ONLY);
    }

    SimulatedJob(TraceJob job, SimConfig config, PlacementTruth truth) {
        this.job = job;
        this.config = config;
        this.truth = truth;
        this.trueCurve = job.type().lossShape().forRequiredSteps(job.requiredSteps());
        // Per-job noise streams: the same job sees the same noise under every policy.
        this.noise = new SplittableRandom(config.seed() * 0x9E3779B97F4A7C15L + job.id().hashCode());
        this.spec = new JobSpec(job.id(), job.type().name(), job.user(), "dl", job.type().framework(),
                job.type().architecture(), job.type().syncMode(), job.type().workerDemand(), job.type().psDemand(),
                job.minWorkers(), job.maxWorkers(), job.minPs(), job.maxPs(), job.requestedWorkers(), job.requestedPs(),
                job.type().globalBatchSize(), goalOf(job), job.type().modelFamily());
    }

    /** What the job tells the scheduler about when it is done: its type's target loss, or its step count. */
    private static TrainingGoal goalOf(TraceJob job) {
        return switch (job.type().completion()) {
            case AT_TARGET_LOSS -> TrainingGoal.targetLoss(job.type().lossShape().targetLoss());
            case AFTER_REQUIRED_STEPS -> TrainingGoal.steps(job.requiredSteps());
        };
    }

    TraceJob traceJob() {
        return job;
    }

    JobSpec spec() {
        return spec;
    }

    Allocation allocation() {
        return allocation;
    }

    String gpuType() {
        return gpuType;
    }

    SimulatedJob partner() {
        return partner;
    }

    /** GPUs its tasks hold on {@code nodeId}. */
    long gpusOn(String nodeId) {
        TaskCount tasks = allocation.byNode().getOrDefault(nodeId, TaskCount.NONE);
        return spec.demandOf(tasks).gpus();
    }

    /** Sets the share of its speed it keeps this round for where it and its neighbours run. */
    void slowedBy(double factor) {
        placementFactor = factor;
    }

    int resizes() {
        return resizes;
    }

    double startSec() {
        return startSec;
    }

    double gpuSeconds() {
        return gpuSeconds;
    }

    long stepsDone() {
        return Math.round(stepsDone);
    }

    JobView view() {
        return new JobView(spec, job.arrivalSec(), allocation, samples);
    }

    /**
     * Applies a new allocation at time {@code now}, its GPU tasks on GPUs of {@code nextGpuType},
     * alone.
     *
     * @return the seconds of progress the change costs (checkpoint and restart), 0 when unchanged
     */
    double reallocate(Allocation next, String nextGpuType, double now) {
        return reallocate(next, nextGpuType, now, null, false);
    }

    /**
     * As {@link #reallocate(Allocation, String, double)}, sharing its GPUs with {@code nextPartner}
     * (null for none), on GPUs the partner holds where {@code asGuest}. A job that stays where it is
     * while a partner comes or goes does not restart: its process keeps running, only slower or faster.
     */
    double reallocate(Allocation next, String nextGpuType, double now, SimulatedJob nextPartner, boolean asGuest) {
        partner = next.isEmpty() ? null : nextPartner;
        guest = partner != null && asGuest;
        if (next.equals(allocation)) {
            return 0;
        }
        boolean wasRunning = !allocation.isEmpty();
        allocation = next;
        gpuType = nextGpuType;
        if (next.isEmpty()) {
            resizes++;
            return 0;
        }
        if (wasRunning) {
            resizes++;
        }
        if (Double.isNaN(startSec)) {
            startSec = now;
        }
        nextSampleSec = now + config.resizeOverheadSec() + config.sampleIntervalSec();
        return config.resizeOverheadSec();
    }

    /** The true speed at the current allocation, its GPU type and its partner, in steps per second. */
    double trueSpeed() {
        return trueSpeed(allocation, gpuType, partner) * placementFactor;
    }

    /** Its true speed where it runs, with its partner, before racks and neighbours. */
    double trueSpeedAlone() {
        return trueSpeed(allocation, gpuType, partner);
    }

    /** Its true speed with the same tasks all on one node of its GPU type, before racks and neighbours. */
    double trueSpeedOnOneNode() {
        return allocation.isEmpty() ? 0
                : job.type().speed().stepsPerSecond(allocation.workers(), allocation.ps(), 1, gpuType);
    }

    /**
     * The true speed it would have at {@code candidate} on GPUs of {@code type}, sharing them with
     * {@code with} (null: alone), in steps per second.
     *
     * @throws IllegalArgumentException where the two were not measured sharing GPUs
     */
    double trueSpeed(Allocation candidate, String type, SimulatedJob with) {
        if (with == null || candidate.isEmpty()) {
            return trueSpeed(candidate, type);
        }
        return job.type().speed().stepsPerSecondSharing(candidate.workers(), candidate.ps(), candidate.nodeCount(),
                type, with.job.type().speed());
    }

    /** The true speed it would have at {@code candidate} on GPUs of {@code type}, in steps per second. */
    double trueSpeed(Allocation candidate, String type) {
        if (candidate.isEmpty()) {
            return 0;
        }
        return truth.exactLayout()
                ? job.type().speed().stepsPerSecond(WorkerLayout.of(candidate), candidate.ps(), type)
                : job.type().speed().stepsPerSecond(candidate.workers(), candidate.ps(), candidate.nodeCount(), type);
    }

    /** Steps done over steps required, unrounded: DL2's reward is its growth in a round. */
    double fractionDone() {
        return stepsDone / job.requiredSteps();
    }

    double remainingSteps() {
        return job.requiredSteps() - stepsDone;
    }

    /**
     * Trains from {@code from} to {@code to} at the current allocation, paused for the first
     * {@code pauseSec} seconds; reports samples on the way.
     *
     * @return the finish time if the job converged in this span, otherwise NaN
     */
    double train(double from, double to, double pauseSec) {
        // A guest's GPUs are its host's: counted once, on the host's account.
        int gpus = guest ? 0 : allocation.workers() * spec.workerDemand().gpus() + allocation.ps() * spec.psDemand().gpus();
        double speed = trueSpeed();
        double runFrom = Math.min(to, from + pauseSec);
        double finish = Double.NaN;
        double end = to;
        if (speed > 0 && runFrom + remainingSteps() / speed <= to) {
            finish = runFrom + remainingSteps() / speed;
            end = finish;
        }
        while (speed > 0 && nextSampleSec <= end) {
            double stepsThen = stepsDone + speed * (nextSampleSec - runFrom);
            report(nextSampleSec, stepsThen, speed);
            nextSampleSec += config.sampleIntervalSec();
        }
        gpuSeconds += gpus * (end - from);
        if (!Double.isNaN(finish)) {
            stepsDone = job.requiredSteps();
        } else if (speed > 0) {
            stepsDone += speed * (to - runFrom);
        }
        return finish;
    }

    private void report(double timeSec, double step, double trueSpeed) {
        double loss = trueCurve.loss(step) * (1 + config.lossNoise() * noise.nextGaussian());
        double speed = Math.max(0, trueSpeed * (1 + config.speedNoise() * noise.nextGaussian()));
        // While it shares its GPUs it reports no speed (0): the policy's estimates are of the job
        // alone, and a co-located speed would read as the job being slow.
        speed = partner != null ? 0 : speed;
        samples.add(new ProgressSample(timeSec, Math.round(step), Math.max(0, loss), speed, allocation.workers(),
                allocation.ps(), gpuType));
        if (samples.size() > config.maxSamplesPerJob()) {
            thinOlderHalf();
        }
    }

    /** Keeps memory per job bounded: every other sample of the older half goes, recent ones stay. */
    private void thinOlderHalf() {
        int half = samples.size() / 2;
        List<ProgressSample> thinned = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            if (i >= half || i % 2 == 0) {
                thinned.add(samples.get(i));
            }
        }
        samples.clear();
        samples.addAll(thinned);
    }
}
