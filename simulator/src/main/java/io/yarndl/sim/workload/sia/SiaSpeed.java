package io.yarndl.sim.workload.sia;

import io.yarndl.sim.workload.GpuTypeNames;
import io.yarndl.sim.workload.TrueSpeed;
import io.yarndl.sim.workload.WorkerLayout;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleFunction;

/**
 * The ground truth of a Sia job: one application training at a fixed global batch {@code B} (its
 * workload's {@code batch_size}), at the speed Sia measured that application at on each GPU type
 * ({@link StepTimes}). With {@code w} replicas on {@code n} nodes of type {@code g}, as Sia's
 * simulator runs a job whose batch size it does not tune ({@code Application.get_throughput_with_accum}):
 *
 * <pre>  local  = ceil(B / w)                               samples per replica per step
 *  accum  = ceil(local / maxLocal(g)) - 1             extra micro-steps when one GPU cannot hold local
 *  atomic = ceil(local / (accum + 1))                 samples per micro-step
 *  (step, sync) = StepTimes_g(n, w, atomic)
 *  speed  = 1 / (step + accum * (step - sync))        steps of the global batch B per second</pre>
 *
 * where {@code maxLocal(g)} is the largest local batch measured on g (what one GPU holds; Sia caps
 * deepspeech2 on RTX 2080Ti at 57, and so does this). Each accumulated micro-step costs a step
 * without its synchronisation; only the last synchronises. The speed is in steps of the whole
 * global batch, so it is comparable across sizes: doubling w halves the work per replica.
 * With a layout ({@link #stepsPerSecond(WorkerLayout, int, String)}) the exact measured placement
 * is read where Sia measured it. Not modelled (see docs/simulator.md): Sia's per-application
 * calibration factors, which slow every simulated job by 1.2 to 1.8 times to match its testbed. Thread-safe; speeds are cached per (type, replicas, nodes).
 */
public final class SiaSpeed implements TrueSpeed {

    /**
     * The GPU type of the three-argument {@link #stepsPerSecond(int, int, int)}: RTX 2080Ti, the type
     * Sia's simulator calibrates its jobs on ({@code simulator_config.calibrate_cluster = 'rtx'}).
     */
    public static final String REFERENCE_GPU_TYPE = "RTX";

    private final String app;
    private final String measuredBy;
    private final int globalBatch;
    private final Map<String, StepTimes> byGpuType;
    private final Map<String, Double> maxLocalByGpuType;
    private final Map<Shape, Double> cache = new ConcurrentHashMap<>();

    /** Sia's measurements of {@code app}. */
    SiaSpeed(String app, int globalBatch, Map<String, StepTimes> byGpuType, Map<String, Double> maxLocalByGpuType) {
        this(app, globalBatch, byGpuType, maxLocalByGpuType, ProfileSource.SIA.name());
    }

    /**
     * @param app               the application (for messages)
     * @param globalBatch       samples per step, at least 1
     * @param byGpuType         step times per GPU type (upper case), not empty
     * @param maxLocalByGpuType the most samples one GPU of each type holds
     * @param measuredBy        whose measurements these are ({@code Sia}, {@code Pollux}), for messages
     */
    SiaSpeed(String app, int globalBatch, Map<String, StepTimes> byGpuType, Map<String, Double> maxLocalByGpuType,
             String measuredBy) {
        this.app = Objects.requireNonNull(app, "app");
        this.measuredBy = Objects.requireNonNull(measuredBy, "measuredBy");
        if (globalBatch < 1) {
            throw new IllegalArgumentException(app + ": global batch must be at least 1, got " + globalBatch);
        }
        if (byGpuType.isEmpty()) {
            throw new IllegalArgumentException(app + " has no measured GPU type");
        }
        this.globalBatch = globalBatch;
        this.byGpuType = new TreeMap<>(byGpuType);
        this.maxLocalByGpuType = Map.copyOf(maxLocalByGpuType);
    }

    /** The global batch the job trains at. */
    public int globalBatch() {
        return globalBatch;
    }

    /** On {@link #REFERENCE_GPU_TYPE}, or on the only type measured where that is not it (Pollux's T4). */
    @Override
    public double stepsPerSecond(int workers, int ps, int nodesSpanned) {
        String type = byGpuType.containsKey(REFERENCE_GPU_TYPE) || byGpuType.size() > 1 ? REFERENCE_GPU_TYPE
                : byGpuType.keySet().iterator().next();
        return stepsPerSecond(workers, ps, nodesSpanned, type);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException for parameter servers, or a GPU type Sia did not measure the
     *                                  application on (the message lists those it did)
     */
    @Override
    public double stepsPerSecond(int workers, int ps, int nodesSpanned, String gpuType) {
        if (workers < 1) {
            return 0.0;
        }
        if (ps != 0) {
            throw new IllegalArgumentException(app + " is all-reduce: it takes no parameter servers, got " + ps);
        }
        String type = gpuType == null ? "" : GpuTypeNames.canonical(gpuType);
        StepTimes times = byGpuType.get(type);
        if (times == null) {
            throw new IllegalArgumentException(measuredBy + " measured " + app + " on " + String.join(", ", byGpuType.keySet())
                    + " only, not on GPU type " + gpuType);
        }
        int nodes = Math.max(1, Math.min(nodesSpanned, workers));
        return cache.computeIfAbsent(new Shape(type, workers, nodes, ""), k -> 1.0 / iterationSeconds(workers,
                maxLocalByGpuType.get(type), atomic -> times.at(nodes, workers, atomic)));
    }

    /**
     * {@inheritDoc} At a placement Sia measured ({@code "13"}), that placement's own step times;
     * elsewhere (more than four nodes, more than 9 workers on one) as {@link #stepsPerSecond(int, int,
     * int, String)}: the mean of the measured placements of the same node and worker counts.
     */
    @Override
    public double stepsPerSecond(WorkerLayout layout, int ps, String gpuType) {
        double byCounts = stepsPerSecond(layout.workers(), ps, layout.nodesSpanned(), gpuType);
        String key = layout.key();
        if (byCounts <= 0 || key.isEmpty()) {
            return byCounts;
        }
        String type = GpuTypeNames.canonical(gpuType);
        StepTimes times = byGpuType.get(type);
        return cache.computeIfAbsent(new Shape(type, layout.workers(), -1, key), k -> {
            double seconds = iterationSeconds(layout.workers(), maxLocalByGpuType.get(type),
                    atomic -> times.atPlacement(key, atomic).orElse(null));
            return seconds > 0 ? 1.0 / seconds : byCounts;
        });
    }

    private record Shape(String gpuType, int workers, int nodes, String placement) {
    }

    /** Seconds of one step of the global batch; 0 where {@code timeAt} has no time (null) for the micro-batch. */
    private double iterationSeconds(int workers, double maxLocal, DoubleFunction<StepTimes.Time> timeAt) {
        double local = Math.ceil((double) globalBatch / workers - 1e-8);
        double accum = Math.ceil(local / maxLocal - 1e-8) - 1;
        double atomic = Math.ceil(local / (accum + 1) - 1e-8);
        StepTimes.Time t = timeAt.apply(atomic);
        return t == null ? 0 : t.step() + accum * t.compute();
    }
}
