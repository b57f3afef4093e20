package io.yarndl.core.policy.smd;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.optimus.ConvergenceFitter;
import io.yarndl.core.policy.optimus.ConvergenceModel;
import io.yarndl.core.policy.optimus.NonNegativeLeastSquares;
import io.yarndl.core.policy.optimus.RemainingSteps;
import io.yarndl.core.policy.optimus.SpeedFitter;
import io.yarndl.core.policy.optimus.SpeedObservation;
import io.yarndl.core.policy.smd.layers.LayerTable;
import io.yarndl.core.policy.smd.layers.LayerTables;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What SMD believes about each job, kept between rounds: the steps it still needs (Optimus'
 * convergence estimate, {@link RemainingSteps}) and the seconds of its step at each size.
 *
 * <p>A job whose model has a layer table ({@link LayerTables}, found by its declared model family,
 * else by its name) gets the layer-aware {@link IterationModel}. Its calibration starts from its
 * type's, fitted to DL2's measurements ({@link ShippedCalibrations}), and is refined online as
 * Optimus refits: the type's calibration scaled to the job's own measured speeds; once it has been
 * measured at two worker counts, with its computation term refitted; once it has reported
 * {@link Calibration#MIN_CONFIGURATIONS} distinct sizes, a calibration fitted to its own samples
 * where that fits them better. A job without a table falls back to Optimus' fitted
 * curve ({@link BlackBoxStepTime}). Refits happen when a job reports a size not seen before (the
 * curve when it has progressed 10% further), as Optimus' cache does. Not thread-safe.
 */
final class JobModels {

    /** Relative progress (in steps) after which a job's loss curve is refitted, as Optimus does. */
    static final double REFIT_PROGRESS = 0.10;

    /** One job's estimate this round: remaining steps (NaN when unknown) and its step time, if modelled. */
    record Estimate(double remainingSteps, Optional<StepTime> stepTime) {

        boolean isModelled() {
            return stepTime.isPresent() && Double.isFinite(remainingSteps) && remainingSteps > 0;
        }

        /** True when the job has no steps left to its goal: it is finishing. */
        boolean reachedGoal() {
            return Double.isFinite(remainingSteps) && remainingSteps <= 0;
        }
    }

    private record Entry(long fittedStep, int fittedSamples, Optional<ConvergenceModel> curve, Set<Long> configurations,
                         Optional<StepTime> stepTime) {
    }

    private final LayerTables tables;
    private final ShippedCalibrations calibrations;
    private final ConvergenceFitter convergenceFitter = new ConvergenceFitter();
    private final SpeedFitter speedFitter = new SpeedFitter();
    private final Map<String, IterationModel.Shape> shapes = new HashMap<>();
    private final Map<String, Entry> entries = new HashMap<>();

    JobModels(LayerTables tables, ShippedCalibrations calibrations) {
        this.tables = tables;
        this.calibrations = calibrations;
    }

    Estimate estimate(JobView job) {
        Entry entry = entries.get(job.id());
        long step = job.currentStep();
        Set<Long> configurations = configurations(job.samples());
        boolean refitCurve = entry == null || step < entry.fittedStep()
                || step >= entry.fittedStep() * (1 + REFIT_PROGRESS)
                || (entry.curve().isEmpty() && job.samples().size() != entry.fittedSamples());
        boolean refitSpeed = entry == null || !entry.configurations().equals(configurations);
        Optional<ConvergenceModel> curve = entry == null ? Optional.empty() : entry.curve();
        Optional<StepTime> stepTime = entry == null ? Optional.empty() : entry.stepTime();
        if (refitCurve && job.spec().goal() instanceof TrainingGoal.TargetLoss) {
            curve = convergenceFitter.fit(job.samples());
        }
        if (refitSpeed) {
            stepTime = stepTime(job);
        }
        if (entry == null || refitCurve || refitSpeed) {
            entries.put(job.id(), new Entry(refitCurve || entry == null ? step : entry.fittedStep(),
                    job.samples().size(), curve,
                    configurations, stepTime));
        }
        return new Estimate(RemainingSteps.of(job, curve), stepTime);
    }

    /** Forgets jobs not in {@code live}. */
    void retainOnly(Set<String> live) {
        entries.keySet().retainAll(live);
    }

    /** The layer table SMD uses for {@code job}: by its declared model family, else its name. */
    Optional<LayerTable> tableOf(JobView job) {
        Optional<LayerTable> byFamily = job.spec().modelFamily().isEmpty() ? Optional.empty()
                : tables.find(job.spec().modelFamily());
        return byFamily.isPresent() ? byFamily : tables.find(job.spec().name());
    }

    private Optional<StepTime> stepTime(JobView job) {
        List<SpeedObservation> observed = SpeedObservation.fromSamples(job.samples(), job.spec().globalBatchSize()).stream()
                .filter(o -> o.ps() >= 1).toList();
        Optional<LayerTable> table = job.spec().usesParameterServers() ? tableOf(job) : Optional.empty();
        if (table.isEmpty()) {
            return speedFitter.fit(job.spec(), job.samples()).map(BlackBoxStepTime::new);
        }
        IterationModel.Shape shape = shapes.computeIfAbsent(table.get().model(),
                name -> new IterationModel.Shape(table.get()));
        Optional<Calibration> prior = calibrations.find(table.get().model());
        boolean workersVary = observed.stream().map(SpeedObservation::workers).distinct().count() >= 2;
        Optional<Calibration> scaledPrior = prior.map(c -> observed.isEmpty() ? c
                : workersVary ? refitCompute(shape, c, observed) : scaledTo(shape, c, observed));
        Optional<Calibration> own = distinct(observed) >= Calibration.MIN_CONFIGURATIONS
                ? Optional.of(Calibration.fit(shape, observed)) : Optional.empty();
        Optional<Calibration> chosen = scaledPrior;
        if (own.isPresent() && (chosen.isEmpty() || error(shape, own.get(), observed)
                < error(shape, chosen.get(), observed))) {
            chosen = own;
        }
        return chosen.map(c -> new IterationModel(shape, c));
    }

    /** The prior scaled so that its mean seconds per step over the job's samples match theirs. */
    private static Calibration scaledTo(IterationModel.Shape shape, Calibration prior, List<SpeedObservation> observed) {
        IterationModel model = new IterationModel(shape, prior);
        double ratio = 0;
        for (SpeedObservation o : observed) {
            ratio += o.secondsPerStep() / model.secondsPerStep(o.workers(), o.ps());
        }
        return prior.scaled(ratio / observed.size());
    }

    /**
     * The prior with its computation refitted and the rest scaled, from a job measured at two or
     * more worker counts: {@code tau = C' / w + k (tau_prior - C / w)}, NNLS on relative error. How a
     * job's steps shrink with workers is what its type's calibration knows least about it (a toy
     * that declares resnet-50 scales unlike DL2's MXNet resnet-50, which barely did).
     */
    private static Calibration refitCompute(IterationModel.Shape shape, Calibration prior,
                                            List<SpeedObservation> observed) {
        IterationModel model = new IterationModel(shape, prior);
        double[][] design = new double[observed.size()][];
        double[] seconds = new double[observed.size()];
        double[] weights = new double[observed.size()];
        for (int i = 0; i < observed.size(); i++) {
            SpeedObservation o = observed.get(i);
            double rest = model.secondsPerStep(o.workers(), o.ps()) - prior.computeSec() / o.workers();
            design[i] = new double[] {1.0 / o.workers(), rest};
            seconds[i] = o.secondsPerStep();
            weights[i] = 1.0 / seconds[i];
        }
        double[] c = NonNegativeLeastSquares.linear(design, seconds, weights).coefficients();
        if (!(c[0] + c[1] > 0)) {
            return scaledTo(shape, prior, observed);
        }
        return new Calibration(c[0], prior.overheadSec() * c[1], prior.secondsPerByte() * c[1],
                prior.perWorkerSec() * c[1], prior.perServerSec() * c[1]);
    }

    /** Sum of squared relative errors of {@code calibration}'s seconds per step on the observations. */
    private static double error(IterationModel.Shape shape, Calibration calibration, List<SpeedObservation> observed) {
        IterationModel model = new IterationModel(shape, calibration);
        double sum = 0;
        for (SpeedObservation o : observed) {
            double relative = model.secondsPerStep(o.workers(), o.ps()) / o.secondsPerStep() - 1;
            sum += relative * relative;
        }
        return sum;
    }

    private static int distinct(List<SpeedObservation> observed) {
        Set<Long> sizes = new HashSet<>();
        for (SpeedObservation o : observed) {
            sizes.add(((long) o.workers() << 32) | o.ps());
        }
        return sizes.size();
    }

    private static Set<Long> configurations(List<ProgressSample> samples) {
        Set<Long> sizes = new HashSet<>();
        for (ProgressSample s : samples) {
            if (s.hasSpeed()) {
                sizes.add(((long) s.workers() << 32) | s.ps());
            }
        }
        return sizes;
    }
}
