package io.yarndl.sim.workload.gavel;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.LossCurveShape;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gavel's job types as simulator job types: each (model, scale factor) Gavel measured
 * ({@link GavelThroughputs}) is a rigid {@link JobType}: exactly scale-factor workers of one GPU
 * each (min = max = requested), no parameter servers, synchronous all-reduce, running a fixed
 * number of steps ({@link JobType.Completion#AFTER_REQUIRED_STEPS}, as Gavel's jobs do), its model
 * family the model string so that policies can look up priors, its ground truth
 * {@link GavelSpeed}.
 *
 * <p>Chosen, not measured: a worker's 4 vcores and 16 GiB (Gavel models GPUs only; these stay
 * within a node's 8 vcores and 64 GiB per GPU, so GPUs bind), a global batch read from the
 * model's name (1 where it has none: A3C, CycleGAN), and a generic loss curve from 5 down to within
 * 0.1 of a floor of 1 at the job's last step: the jobs end by step count, so the curve only gives
 * their loss samples a plausible form.
 */
public final class GavelJobTypes {

    /**
     * The GPU type Gavel turns a job's duration into steps on: {@code generate_job(...,
     * reference_worker_type='v100')} in {@code scheduler/utils.py}, as its scheduler calls it.
     */
    public static final String REFERENCE_GPU_TYPE = "V100";

    /** One worker's resources: one GPU, and CPU and memory well within a node's share per GPU. */
    public static final Resources WORKER = Resources.of(1, 4, 16_384);

    /** The loss curve all of Gavel's types share (see the class comment). */
    public static final LossCurveShape GENERIC_LOSS = new LossCurveShape(5, 1, 0.1);

    private static final Pattern BATCH = Pattern.compile("\\(batch size (\\d+)\\)");

    private final GavelThroughputs throughputs;
    private final Map<GavelJobKey, JobType> types = new LinkedHashMap<>();

    private GavelJobTypes(GavelThroughputs throughputs) {
        this.throughputs = throughputs;
        for (GavelJobKey key : throughputs.jobTypes()) {
            Map<String, Double> speeds = new LinkedHashMap<>();
            Map<String, Map<GavelJobKey, Double>> colocated = new LinkedHashMap<>();
            for (String gpuType : throughputs.gpuTypes()) {
                GavelThroughputs.Measured measured = throughputs.byGpuType().get(gpuType).get(key);
                if (measured != null) {
                    speeds.put(gpuType, measured.isolatedStepsPerSecond());
                    Map<GavelJobKey, Double> withOthers = new LinkedHashMap<>();
                    measured.colocated().forEach((other, pair) -> withOthers.put(other, pair.self()));
                    colocated.put(gpuType, withOthers);
                }
            }
            types.put(key, new JobType(key.jobTypeName(), Framework.PYTORCH, Architecture.ALLREDUCE,
                    SyncMode.SYNCHRONOUS, WORKER, Resources.ZERO, key.scaleFactor(), 0, globalBatch(key.model()),
                    new GavelSpeed(key, speeds, colocated), GENERIC_LOSS, key.model(), JobType.Completion.AFTER_REQUIRED_STEPS));
        }
    }

    /** The job types of {@code throughputs}. */
    public static GavelJobTypes of(GavelThroughputs throughputs) {
        return new GavelJobTypes(throughputs);
    }

    /** The measurements the types come from. */
    public GavelThroughputs throughputs() {
        return throughputs;
    }

    /** Every type, in the throughputs' order. */
    public Collection<JobType> all() {
        return types.values();
    }

    /**
     * The type of {@code model} at {@code scaleFactor}.
     *
     * @throws IllegalArgumentException naming it, if Gavel did not measure it
     */
    public JobType type(String model, int scaleFactor) {
        GavelJobKey key = new GavelJobKey(model, scaleFactor);
        JobType type = types.get(key);
        if (type == null) {
            boolean knownModel = types.keySet().stream().anyMatch(k -> k.model().equals(model));
            throw new IllegalArgumentException("unknown Gavel job type " + key + (knownModel
                    ? ": Gavel measured " + model + " at other scale factors"
                    : ": no such model among Gavel's " + types.size() + " measured job types"));
        }
        return type;
    }

    /** Steps per second of {@code key} alone on {@link #REFERENCE_GPU_TYPE}: how Gavel sizes its jobs. */
    public double referenceStepsPerSecond(GavelJobKey key) {
        return throughputs.isolated(key, REFERENCE_GPU_TYPE);
    }

    private static int globalBatch(String model) {
        Matcher m = BATCH.matcher(model);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }
}
