package io.yarndl.sim.workload.sia;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * How long one step of one application takes on one GPU type at any number of nodes, replicas and
 * local batch, from Sia's measurements of it ({@link SiaProfile}). Looked up, not fitted: every
 * measured point is reproduced (rows measured more than once, and placements of the same nodes and
 * replicas such as {@code "13"} and {@code "22"}, are averaged, as Sia's simulator averages
 * placements before it interpolates), and between them the table interpolates linearly, one
 * dimension at a time, the way Sia's simulator interpolates over (nodes, replicas, local batch)
 * ({@code applications.py}, {@code get_throughput}):
 * <ol>
 *   <li><b>local batch b</b>, at a measured (nodes, replicas): piecewise linear in b between the
 *       measured batches. Below the smallest measured batch the time is held at it (a smaller batch
 *       is never slower). Above the largest, the compute part (step &minus; sync) continues along
 *       the line through the last two points (its slope taken as at least 0) and the sync part is
 *       held (the gradients synchronised do not grow with the batch);</li>
 *   <li><b>replicas r</b>, at a measured node count: linear between the nearest measured replica
 *       counts below and above r; past the largest (or below the smallest) the nearest one's time
 *       at the same local batch: the cost of a ring all-reduce levels off as replicas grow;</li>
 *   <li><b>nodes n</b>: linear between the nearest measured node counts below and above n; past
 *       them the nearest one's (Sia's simulator likewise caps nodes at its largest profile, 16).</li>
 * </ol>
 * Immutable and thread-safe.
 */
public final class StepTimes {

    /**
     * Seconds of one step and the part of it spent synchronising gradients.
     *
     * @param step seconds of one step
     * @param sync seconds of it spent synchronising, {@code 0 <= sync <= step}
     */
    public record Time(double step, double sync) {

        /** Seconds of the step spent computing (forward and backward passes). */
        public double compute() {
            return step - sync;
        }

        Time towards(Time other, double fraction) {
            return new Time(step + (other.step - step) * fraction, sync + (other.sync - sync) * fraction);
        }
    }

    private final NavigableMap<Integer, NavigableMap<Integer, BatchCurve>> byNodes;
    /** Each measured placement's own curve ({@code "13"}), for a ground truth that tells placements apart. */
    private final Map<String, BatchCurve> byPlacement;
    private final double minLocalBatch;
    private final double maxLocalBatch;
    private final int maxReplicas;

    private StepTimes(NavigableMap<Integer, NavigableMap<Integer, BatchCurve>> byNodes,
                      Map<String, BatchCurve> byPlacement) {
        this.byNodes = byNodes;
        this.byPlacement = byPlacement;
        double min = Double.MAX_VALUE;
        double max = 0;
        int replicas = 0;
        for (NavigableMap<Integer, BatchCurve> byReplicas : byNodes.values()) {
            for (Map.Entry<Integer, BatchCurve> e : byReplicas.entrySet()) {
                min = Math.min(min, e.getValue().batches[0]);
                max = Math.max(max, e.getValue().batches[e.getValue().batches.length - 1]);
                replicas = Math.max(replicas, e.getKey());
            }
        }
        this.minLocalBatch = min;
        this.maxLocalBatch = max;
        this.maxReplicas = replicas;
    }

    /**
     * The table of {@code measurements}.
     *
     * @throws IllegalArgumentException if there are none
     */
    public static StepTimes of(List<SiaProfile.Measurement> measurements) {
        if (measurements.isEmpty()) {
            throw new IllegalArgumentException("no measurements");
        }
        Map<Integer, Map<Integer, TreeMap<Double, List<SiaProfile.Measurement>>>> grouped = new TreeMap<>();
        for (SiaProfile.Measurement m : measurements) {
            grouped.computeIfAbsent(m.nodes(), n -> new TreeMap<>())
                    .computeIfAbsent(m.replicas(), r -> new TreeMap<>())
                    .computeIfAbsent(m.localBatch(), b -> new ArrayList<>()).add(m);
        }
        NavigableMap<Integer, NavigableMap<Integer, BatchCurve>> byNodes = new TreeMap<>();
        grouped.forEach((nodes, byReplicas) -> byReplicas.forEach((replicas, byBatch) ->
                byNodes.computeIfAbsent(nodes, n -> new TreeMap<>()).put(replicas, BatchCurve.of(byBatch))));
        Map<String, TreeMap<Double, List<SiaProfile.Measurement>>> placed = new TreeMap<>();
        for (SiaProfile.Measurement m : measurements) {
            if (!m.placement().isEmpty()) {
                placed.computeIfAbsent(m.placement(), p -> new TreeMap<>())
                        .computeIfAbsent(m.localBatch(), b -> new ArrayList<>()).add(m);
            }
        }
        Map<String, BatchCurve> byPlacement = new TreeMap<>();
        placed.forEach((placement, byBatch) -> byPlacement.put(placement, BatchCurve.of(byBatch)));
        return new StepTimes(byNodes, Map.copyOf(byPlacement));
    }

    /** The smallest local batch measured. */
    public double minLocalBatch() {
        return minLocalBatch;
    }

    /** The largest local batch measured, at any size: what one GPU of the type holds. */
    public double maxLocalBatch() {
        return maxLocalBatch;
    }

    /** The most replicas measured. */
    public int maxReplicas() {
        return maxReplicas;
    }

    /**
     * One step of {@code replicas} replicas on {@code nodes} nodes at {@code localBatch} samples per
     * replica (see the class comment for how it is interpolated).
     */
    public Time at(int nodes, int replicas, double localBatch) {
        return between(byNodes, nodes, byReplicas -> between(byReplicas, replicas, curve -> curve.at(localBatch)));
    }

    /**
     * One step at exactly the measured placement {@code placement} ({@code "13"}: workers per node,
     * smallest first) at {@code localBatch} samples per replica, interpolated in the batch only; empty
     * where that placement was not measured.
     */
    public Optional<Time> atPlacement(String placement, double localBatch) {
        BatchCurve curve = byPlacement.get(placement);
        return curve == null ? Optional.empty() : Optional.of(curve.at(localBatch));
    }

    /** Linear in the key between the nearest keys below and above {@code key}, else the nearest. */
    private static <V> Time between(NavigableMap<Integer, V> map, int key, Function<V, Time> value) {
        Map.Entry<Integer, V> below = map.floorEntry(key);
        Map.Entry<Integer, V> above = map.ceilingEntry(key);
        if (below == null) {
            return value.apply(above.getValue());
        }
        if (above == null || above.getKey().equals(below.getKey())) {
            return value.apply(below.getValue());
        }
        double fraction = (double) (key - below.getKey()) / (above.getKey() - below.getKey());
        return value.apply(below.getValue()).towards(value.apply(above.getValue()), fraction);
    }

    /** One configuration's times against local batch, sorted by batch. */
    private record BatchCurve(double[] batches, Time[] times) {

        static BatchCurve of(TreeMap<Double, List<SiaProfile.Measurement>> byBatch) {
            double[] batches = new double[byBatch.size()];
            Time[] times = new Time[byBatch.size()];
            int i = 0;
            for (Map.Entry<Double, List<SiaProfile.Measurement>> e : byBatch.entrySet()) {
                double step = 0;
                double sync = 0;
                for (SiaProfile.Measurement m : e.getValue()) {
                    step += m.stepTime();
                    sync += m.syncTime();
                }
                batches[i] = e.getKey();
                times[i] = new Time(step / e.getValue().size(), sync / e.getValue().size());
                i++;
            }
            return new BatchCurve(batches, times);
        }

        Time at(double batch) {
            int last = batches.length - 1;
            if (batch <= batches[0]) {
                return times[0];
            }
            if (batch >= batches[last]) {
                if (last == 0) {
                    return times[0];
                }
                double slope = Math.max(0, (times[last].compute() - times[last - 1].compute())
                        / (batches[last] - batches[last - 1]));
                double compute = times[last].compute() + slope * (batch - batches[last]);
                return new Time(compute + times[last].sync(), times[last].sync());
            }
            int hi = 1;
            while (batches[hi] < batch) {
                hi++;
            }
            double fraction = (batch - batches[hi - 1]) / (batches[hi] - batches[hi - 1]);
            return times[hi - 1].towards(times[hi], fraction);
        }
    }
}
