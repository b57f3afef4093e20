package io.yarndl.sim.workload.sia;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.LossCurveShape;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sia's and Pollux's jobs as simulator job types: one per (application, global batch), named
 * {@code imagenet (batch size 3200)}: synchronous all-reduce PyTorch, one GPU per worker, no
 * parameter servers, running a fixed amount of work ({@link JobType.Completion#AFTER_REQUIRED_STEPS}).
 * Its model family is the application's name, so that a throughput profile keyed by it can give
 * policies priors. Two semantics:
 * <ul>
 *   <li><b>fixed batch</b> (Sia's Gavel baselines; {@link #SiaJobTypes(SiaApplications)} and
 *       {@code forWorkloads(.., true)}): it trains at its batch whatever it holds, at the speed of
 *       {@link SiaSpeed}, for Sia's iterations to its last epoch ({@link SiaApplication#iterations});
 *       it may use up to {@link SiaApplication#maxWorkers} workers;</li>
 *   <li><b>batch-adaptive</b> ({@code forWorkloads(.., false)}): its batch follows its allocation
 *       within {@code [M_init, M_max]}, the application's smallest and largest validated batches
 *       (Pollux's {@code init_batch_size} and {@code max_batch_size}), ground truth
 *       {@link SiaGoodput}; its batch is the reference its steps count in; it may use up to
 *       {@link SiaApplication#maxAdaptiveWorkers} workers. ncf, which Pollux and Sia both run at
 *       batch 32768 on one replica, keeps its batch and one worker.</li>
 * </ul>
 * Types made for workloads ({@link #forWorkloads}) declare their application's restart time
 * ({@link SiaApplications#RESTART_SECONDS}); those of {@link #SiaJobTypes(SiaApplications)} (the
 * Philly trace's mix) declare none, so the simulator's flat overhead applies to them.
 *
 * <p>Chosen, not measured, as for Gavel's types: a worker's 4 vcores and 16 GiB, and a generic loss
 * curve (5 down to within 0.1 of 1 at the last step) that only gives samples a plausible form.
 */
public final class SiaJobTypes {

    /** One worker's resources: one GPU, and CPU and memory well within a node's share per GPU. */
    public static final Resources WORKER = Resources.of(1, 4, 16_384);

    /** The loss curve all of Sia's types share (see the class comment). */
    public static final LossCurveShape GENERIC_LOSS = new LossCurveShape(5, 1, 0.1);

    /** The application Pollux and Sia run at one batch on one replica ({@code simulator.py}, {@code cluster.py}). */
    static final String RIGID_APPLICATION = "ncf";

    private final SiaApplications applications;
    private final boolean fixedBatch;
    private final boolean declareRestarts;
    private final Map<String, JobType> types = new ConcurrentHashMap<>();
    private final Map<String, BatchOracle> oracles = new ConcurrentHashMap<>();

    /** The fixed-batch types of {@code applications}' jobs, declaring no restart time. */
    public SiaJobTypes(SiaApplications applications) {
        this(applications, true, false);
    }

    private SiaJobTypes(SiaApplications applications, boolean fixedBatch, boolean declareRestarts) {
        this.applications = applications;
        this.fixedBatch = fixedBatch;
        this.declareRestarts = declareRestarts;
    }

    /**
     * The types of a Pollux or Sia workload's jobs: batch-adaptive unless {@code fixedBatch}, each
     * declaring its application's restart time.
     */
    public static SiaJobTypes forWorkloads(SiaApplications applications, boolean fixedBatch) {
        return new SiaJobTypes(applications, fixedBatch, true);
    }

    /** True where the types' batch follows their allocation. */
    public boolean adaptsBatch() {
        return !fixedBatch;
    }

    /** Whose measurements the types are made of. */
    public ProfileSource source() {
        return applications.source();
    }

    /**
     * The application {@code app}, its profiles read on first use.
     *
     * @throws IllegalArgumentException for an application Sia has not, or a malformed profile
     */
    public SiaApplication application(String app) {
        return applications.get(app);
    }

    /** The name of the type of {@code app} at global batch {@code batch}. */
    public static String name(String app, int batch) {
        return String.format(Locale.ROOT, "%s (batch size %d)", app, batch);
    }

    /**
     * The type of {@code app} at global batch {@code batch}.
     *
     * @throws IllegalArgumentException for an application Sia has not, or a batch size outside its
     *                                  validated ones
     */
    public JobType type(String app, int batch) {
        return types.computeIfAbsent(name(app, batch), name -> {
            SiaApplication a = applications.get(app);
            a.iterations(batch);
            OptionalDouble restart = declareRestarts ? OptionalDouble.of(a.restartSec()) : OptionalDouble.empty();
            SiaGoodput goodput = fixedBatch ? null : goodput(a, batch);
            int maxWorkers = fixedBatch ? a.maxWorkers(batch)
                    : RIGID_APPLICATION.equals(app) ? 1 : a.maxAdaptiveWorkers();
            return new JobType(name, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, WORKER,
                    Resources.ZERO, maxWorkers, 0, batch, a.speed(batch), GENERIC_LOSS, app,
                    JobType.Completion.AFTER_REQUIRED_STEPS, goodput, restart);
        });
    }

    /** Steps a job of {@code app} at global batch {@code batch} needs, at least 1 (reference steps where it adapts its batch). */
    public long requiredSteps(String app, int batch) {
        JobType type = type(app, batch);
        double steps = type.adaptsBatch() ? type.goodput().stepsAtEpoch(type.goodput().epochs())
                : applications.get(app).iterations(batch);
        return Math.max(1, Math.round(steps));
    }

    private SiaGoodput goodput(SiaApplication a, int batch) {
        ValidationCurves curves = a.validation();
        int maxLocal = (int) a.maxLocalByGpuType().values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        BatchLimits limits = RIGID_APPLICATION.equals(a.name()) ? new BatchLimits(batch, batch, maxLocal)
                : new BatchLimits(curves.initBatch(), curves.maxBatch(), maxLocal);
        return new SiaGoodput(a, oracles.computeIfAbsent(a.name(), n -> new BatchOracle(a)), batch, limits);
    }
}
