package io.yarndl.sim.engine;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.sim.workload.BatchChoice;
import io.yarndl.sim.workload.GoodputTruth;
import io.yarndl.sim.workload.LossCurveShape.TrueLossCurve;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkerLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One job while it is in the simulated cluster: its hidden ground truth, its progress and the
 * samples it has reported. Mutable, owned by one {@link Simulator} run.
 *
 * <p>A job of a batch-adaptive type ({@link io.yarndl.sim.workload.JobType#goodput()}) trains, at
 * each allocation and epoch, at the batch its ground truth chooses ({@link GoodputTruth#choose});
 * its steps are reference steps weighted by statistical efficiency, its speed changes at epoch
 * boundaries, and its samples say the batch it trained at, its speed in steps of that batch and its
 * gradient noise scale. Every restart it pays ({@link SimConfig#restartSeconds}) is recorded in its
 * view's {@link Restarts}; a restart may outlast the round it began in.
 */
final class SimulatedJob {

    private final TraceJob job;
    private final JobSpec spec;
    private final TrueLossCurve trueCurve;
    private final SplittableRandom noise;
    private final SimConfig config;
    private final PlacementTruth truth;
    /** Its goodput ground truth where its batch follows its allocation, else null. */
    private final GoodputTruth goodput;
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
    private Restarts restarts = Restarts.NONE;
    /** It trains again from this time on: until then it checkpoints and restarts. */
    private double pausedUntil = Double.NEGATIVE_INFINITY;
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
        this.goodput = job.type().goodput();
        this.spec = new JobSpec(job.id(), job.type().name(), job.user(), "dl", job.type().framework(),
                job.type().architecture(), job.type().syncMode(), job.type().workerDemand(), job.type().psDemand(),
                job.minWorkers(), job.maxWorkers(), job.minPs(), job.maxPs(), job.requestedWorkers(), job.requestedPs(),
                job.type().globalBatchSize(), goalOf(job), job.type().modelFamily(), job.type().batchLimits());
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

    /** What its restarts have cost it so far, the first start included. */
    Restarts restarts() {
        return restarts;
    }

    JobView view() {
        return new JobView(spec, job.arrivalSec(), allocation, samples, restarts);
    }

    /**
     * Applies a new allocation at time {@code now}, its GPU tasks on GPUs of {@code nextGpuType},
     * alone.
     *
     * @return the seconds of progress the change costs (checkpoint and restart), 0 when unchanged
     *         or when it stops
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
        double cost = config.restartSeconds(job.type(), next.workers());
        restarts = restarts.plus(cost);
        pausedUntil = now + cost;
        nextSampleSec = now + cost + config.sampleIntervalSec();
        return cost;
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
        if (allocation.isEmpty()) {
            return 0;
        }
        return goodput != null ? goodput.choose(allocation.workers(), 1, gpuType, epoch()).referenceStepsPerSecond()
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
        if (goodput != null) {
            return choice(candidate, type, epoch()).referenceStepsPerSecond();
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

    /** The epoch it trains in now (0 for a job that does not adapt its batch). */
    private int epoch() {
        return goodput == null ? 0 : goodput.epochAt(stepsDone);
    }

    /** Its batch choice at {@code candidate} on {@code type} during {@code epoch}. */
    private BatchChoice choice(Allocation candidate, String type, int epoch) {
        return truth.exactLayout() ? goodput.choose(WorkerLayout.of(candidate), type, epoch)
                : goodput.choose(candidate.workers(), candidate.nodeCount(), type, epoch);
    }

    /**
     * Trains from {@code from} to {@code to} at the current allocation, after any restart still
     * under way; reports samples on the way.
     *
     * @return the finish time if the job converged in this span, otherwise NaN
     */
    double train(double from, double to) {
        // A guest's GPUs are its host's: counted once, on the host's account.
        int gpus = guest ? 0 : allocation.workers() * spec.workerDemand().gpus() + allocation.ps() * spec.psDemand().gpus();
        double runFrom = Math.min(to, Math.max(from, pausedUntil));
        double finish = goodput != null ? trainAdaptive(runFrom, to) : trainFixed(runFrom, to);
        gpuSeconds += gpus * ((Double.isNaN(finish) ? to : finish) - from);
        return finish;
    }

    private double trainFixed(double runFrom, double to) {
        double speed = trueSpeed();
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
        if (!Double.isNaN(finish)) {
            stepsDone = job.requiredSteps();
        } else if (speed > 0) {
            stepsDone += speed * (to - runFrom);
        }
        return finish;
    }

    /** Epoch by epoch: its batch, and so its speed, may change at each boundary. */
    private double trainAdaptive(double runFrom, double to) {
        double required = job.requiredSteps();
        double t = runFrom;
        while (t < to) {
            int epoch = epoch();
            BatchChoice choice = choice(allocation, gpuType, epoch);
            double speed = choice.referenceStepsPerSecond() * placementFactor;
            if (!(speed > 0)) {
                return Double.NaN;
            }
            double boundary = epoch + 1 >= goodput.epochs() ? required
                    : Math.min(required, goodput.stepsAtEpoch(epoch + 1));
            double reach = t + Math.max(0, boundary - stepsDone) / speed;
            while (nextSampleSec <= Math.min(to, reach)) {
                reportAdaptive(nextSampleSec, stepsDone + speed * (nextSampleSec - t), choice, epoch);
                nextSampleSec += config.sampleIntervalSec();
            }
            if (reach > to) {
                stepsDone += speed * (to - t);
                return Double.NaN;
            }
            stepsDone = boundary;
            t = reach;
            if (boundary >= required) {
                return reach;
            }
        }
        return Double.NaN;
    }

    /** A sample of a batch-adaptive job: its batch, its speed in steps of that batch, its noise scale. */
    private void reportAdaptive(double timeSec, double step, BatchChoice choice, int epoch) {
        double loss = trueCurve.loss(step) * (1 + config.lossNoise() * noise.nextGaussian());
        double speed = Math.max(0, choice.stepsPerSecond() * placementFactor
                * (1 + config.speedNoise() * noise.nextGaussian()));
        double noiseScale = goodput.noiseScale(choice.batch(), epoch)
                * Math.max(0, 1 + config.noiseScaleNoise() * noise.nextGaussian());
        addSample(new ProgressSample(timeSec, Math.round(step), Math.max(0, loss), partner != null ? 0 : speed,
                allocation.workers(), allocation.ps(), gpuType).atBatch(choice.batch(), noiseScale));
    }

    private void report(double timeSec, double step, double trueSpeed) {
        double loss = trueCurve.loss(step) * (1 + config.lossNoise() * noise.nextGaussian());
        double speed = Math.max(0, trueSpeed * (1 + config.speedNoise() * noise.nextGaussian()));
        // While it shares its GPUs it reports no speed (0): the policy's estimates are of the job
        // alone, and a co-located speed would read as the job being slow.
        speed = partner != null ? 0 : speed;
        addSample(new ProgressSample(timeSec, Math.round(step), Math.max(0, loss), speed, allocation.workers(),
                allocation.ps(), gpuType));
    }

    private void addSample(ProgressSample sample) {
        samples.add(sample);
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
