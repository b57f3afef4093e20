package io.yarndl.core.policy.smd;

import io.yarndl.core.policy.smd.layers.LayerTable;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * SMD's analytical model of one synchronous parameter-server iteration (Yu et al., INFOCOM'21, as
 * this project implements it; docs/smd.md):
 *
 * <pre>  tau(w, p) = C / w + O + beta * 2 * max(S, w * S_max(p)) + a w + b p</pre>
 *
 * <ul>
 *   <li>{@code C / w}: each of the w workers computes forward and backward passes over its share of
 *       the global batch; C is the whole batch's computation on one worker, proportional to the
 *       table's FLOPs per sample;</li>
 *   <li>{@code O}: a fixed cost per step;</li>
 *   <li>communication: every worker pushes its gradients of all S bytes and pulls the S bytes of
 *       parameters back; a server holding S_k bytes ({@link LayerAssignment}) receives S_k from each
 *       of the w workers and sends S_k back to each, so the busiest link carries
 *       {@code 2 max(S, w S_max)} bytes; beta is seconds per byte;</li>
 *   <li>{@code a w + b p}: costs per task (synchronising w workers, connecting to p servers),
 *       Optimus' overhead terms, which this project adds to the paper's model ({@link Calibration}).</li>
 * </ul>
 *
 * The paper's assumptions kept here: computation and communication do not overlap, push and pull
 * follow each other, all links are equally fast, and a server's layers are whole layers. The
 * speed is {@code 1 / tau} steps per second. Immutable; the assignment per server count is
 * memoised.
 *
 * @param shape       the job's layers and their assignments
 * @param calibration C, O and beta
 */
public record IterationModel(Shape shape, Calibration calibration) implements StepTime {

    public IterationModel {
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(calibration, "calibration");
    }

    /** Seconds of one step with {@code workers} workers and {@code servers} servers. */
    @Override
    public double secondsPerStep(int workers, int servers) {
        requireSize(workers, servers);
        return calibration.computeSec() / workers + calibration.overheadSec()
                + calibration.secondsPerByte() * shape.bottleneckBytes(workers, servers)
                + calibration.perWorkerSec() * workers + calibration.perServerSec() * servers;
    }

    /** Predicted steps per second. */
    public double stepsPerSecond(int workers, int servers) {
        return 1.0 / secondsPerStep(workers, servers);
    }

    /** Of a step's seconds, those spent moving parameters. */
    public double communicationSeconds(int workers, int servers) {
        requireSize(workers, servers);
        return calibration.secondsPerByte() * shape.bottleneckBytes(workers, servers);
    }

    /**
     * Every worker's link carries 2S and every server's 2 w S_k per step, so the tasks together
     * keep {@code 4 w S} bytes of link time busy per step, at the calibrated seconds per byte.
     */
    @Override
    public double busyLinks(int workers, int servers) {
        return calibration.secondsPerByte() * 4.0 * workers * shape.table().totalBytes()
                / secondsPerStep(workers, servers);
    }

    @Override
    public String layout(int servers) {
        return shape.assignment(servers).describe();
    }

    private static void requireSize(int workers, int servers) {
        if (workers < 1 || servers < 1) {
            throw new IllegalArgumentException("a parameter-server step needs a worker and a server, got "
                    + workers + " workers and " + servers + " servers");
        }
    }

    /**
     * A model's layers with their assignment to any number of servers, memoised: what the
     * calibration multiplies. Thread-safe.
     */
    public static final class Shape {

        private final LayerTable table;
        private final ConcurrentMap<Integer, LayerAssignment> assignments = new ConcurrentHashMap<>();

        public Shape(LayerTable table) {
            this.table = Objects.requireNonNull(table, "table");
        }

        public LayerTable table() {
            return table;
        }

        /** The layers' assignment to {@code servers} servers. */
        public LayerAssignment assignment(int servers) {
            return assignments.computeIfAbsent(servers, s -> LayerAssignment.balance(table, s));
        }

        /** Bytes through the busiest link per step: {@code 2 max(S, w S_max(p))}. */
        public double bottleneckBytes(int workers, int servers) {
            return 2.0 * Math.max(table.totalBytes(), (double) workers * assignment(servers).busiestServerBytes());
        }
    }
}
