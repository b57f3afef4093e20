package io.yarndl.sim.workload.sia;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.LossCurveShape;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sia's jobs as simulator job types: one per (application, global batch), named
 * {@code imagenet (batch size 3200)}: synchronous all-reduce PyTorch, one GPU per worker, no
 * parameter servers, its ground truth {@link SiaSpeed} on each GPU type Sia measured, running a
 * fixed number of steps ({@link JobType.Completion#AFTER_REQUIRED_STEPS}, Sia's iterations to its
 * last epoch, {@link SiaApplication#iterations}). Its model family is the application's name, so
 * that a throughput profile keyed by it can give policies priors (none ships yet, so heterogeneity-
 * aware policies see every GPU type alike until they measure a job there). Its most workers is
 * {@link SiaApplication#maxWorkers}.
 *
 * <p>Chosen, not measured, as for Gavel's types: a worker's 4 vcores and 16 GiB, and a generic loss
 * curve (5 down to within 0.1 of 1 at the last step) that only gives samples a plausible form.
 */
public final class SiaJobTypes {

    /** One worker's resources: one GPU, and CPU and memory well within a node's share per GPU. */
    public static final Resources WORKER = Resources.of(1, 4, 16_384);

    /** The loss curve all of Sia's types share (see the class comment). */
    public static final LossCurveShape GENERIC_LOSS = new LossCurveShape(5, 1, 0.1);

    private final SiaApplications applications;
    private final Map<String, JobType> types = new ConcurrentHashMap<>();

    /** The types of {@code applications}' jobs. */
    public SiaJobTypes(SiaApplications applications) {
        this.applications = applications;
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
            return new JobType(name, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, WORKER,
                    Resources.ZERO, a.maxWorkers(batch), 0, batch, a.speed(batch), GENERIC_LOSS, app,
                    JobType.Completion.AFTER_REQUIRED_STEPS);
        });
    }

    /** Steps a job of {@code app} at global batch {@code batch} needs, at least 1. */
    public long requiredSteps(String app, int batch) {
        return Math.max(1, Math.round(applications.get(app).iterations(batch)));
    }
}
