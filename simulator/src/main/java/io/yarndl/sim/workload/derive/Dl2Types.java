package io.yarndl.sim.workload.derive;

import io.yarndl.sim.workload.EpochProfile;
import io.yarndl.sim.workload.LossCurveShape;
import java.util.List;

/**
 * The 8 parameter-server model types of DL2 (Peng et al., 2019), with the per-type facts DL2's own
 * simulator uses (pengyanghua/DL2 @ 2e54920d, {@code trace.py}: {@code epoch_sizes},
 * {@code num_epochs} as fractions of {@code MAX_NUM_EPOCHS}, {@code inter_bws}, {@code intra_bws},
 * {@code model_sizes}; also listed in {@code data/dl2/PROVENANCE.md}) and the choices this
 * project makes where nothing was measured.
 *
 * <p><b>Loss curves are chosen, not measured.</b> DL2 sizes jobs in epochs and never records a
 * loss. Each type gets a cross-entropy-like curve: it starts at {@code ln(classes)} (the loss of a
 * uniform guess over the dataset's classes or vocabulary, the dataset being the one DL2's paper
 * names for the model as we read it), levels off at a plausible floor, and counts as converged
 * within {@code convergenceGap} of it. Only the shape matters to the simulator: a job's number of
 * steps is set separately, and the curve is scaled to reach its target at exactly that step.
 */
final class Dl2Types {

    /**
     * One DL2 type.
     *
     * @param name        DL2's model name, as in {@code config_speed.txt}
     * @param epochs      DL2's steps per epoch and fraction of the maximum number of epochs
     * @param interBw     measured transfer rate between nodes, MB/s
     * @param intraBw     measured transfer rate within one node, MB/s
     * @param modelSizeMb model size, MB (sets the parameter server's memory)
     * @param loss        chosen loss-curve shape
     */
    record Spec(String name, EpochProfile epochs, double interBw, double intraBw, double modelSizeMb,
                LossCurveShape loss) {

        /**
         * The factor applied to the communication terms (t2, t3, t4) of a colocated job: the
         * measured speeds were taken with tasks on several machines (spread), and DL2's own model
         * of a colocated job moves the same bytes at the intra-node rate instead. Capped at 1:
         * dssm's measured intra-node rate is below its inter-node one, which we read as noise
         * rather than as colocation slowing a job down.
         */
        double colocationFactor() {
            return Math.min(1.0, interBw / intraBw);
        }
    }

    /** Worker memory: not measured by DL2; chosen to fit an MXNet GPU worker with its data pipeline. */
    static final long WORKER_MEMORY_MB = 8192;

    /** In DL2's order (trace.py's {@code models}). */
    static final List<Spec> ALL = List.of(
            new Spec("resnet-50", new EpochProfile(115, 0.3), 91.875, 306.5, 102.2, crossEntropy(1000, 0.9, 0.1)),
            new Spec("vgg-16", new EpochProfile(115, 0.96), 233.0, 427.75, 553.4, crossEntropy(1000, 1.1, 0.1)),
            new Spec("resnext-110", new EpochProfile(390, 0.05), 59.5, 63.0, 6.92, crossEntropy(10, 0.02, 0.05)),
            new Spec("inception-bn", new EpochProfile(120, 0.54), 145.875, 1082.125, 42.1, crossEntropy(257, 0.5, 0.1)),
            new Spec("seq2seq", new EpochProfile(780, 0.95), 120.125, 181.125, 36.5, crossEntropy(32000, 1.8, 0.2)),
            new Spec("cnn-text-classification", new EpochProfile(193, 0.46), 60.75, 159.625, 24.0,
                    crossEntropy(2, 0.25, 0.05)),
            new Spec("dssm", new EpochProfile(349, 0.33), 92.125, 65.625, 6.0, crossEntropy(5, 0.3, 0.05)),
            new Spec("wlm", new EpochProfile(165, 0.23), 10.375, 22.875, 19.2, crossEntropy(10000, 4.4, 0.1)));

    private Dl2Types() {
    }

    /**
     * Parameter-server memory, chosen: 1 GiB of runtime plus three copies of the model (weights,
     * gradients, optimiser state), as one server may hold the whole model; rounded up to 1 GiB.
     */
    static long psMemoryMb(double modelSizeMb) {
        return 1024L * (long) Math.ceil((1024 + 3 * modelSizeMb) / 1024);
    }

    /**
     * vcores from the CPU usage DL2 measured: the 95th percentile rounded to a whole core, at least
     * 1. DL2's containers had 2 CPUs ({@code resr_ps}, {@code resr_workers} in trace.py), so the
     * measurements saturate near 2.
     */
    static int vcoresFromUsage(List<Double> usage) {
        if (usage.isEmpty()) {
            return 1;
        }
        double[] sorted = usage.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double p95 = sorted[(int) Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))];
        return (int) Math.max(1, Math.round(p95));
    }

    /** A curve from the loss of a uniform guess over {@code classes} down to {@code floor}. */
    static LossCurveShape crossEntropy(int classes, double floor, double gap) {
        return new LossCurveShape(Math.log(classes), floor, gap);
    }
}
