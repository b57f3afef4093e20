package io.yarndl.sim.workload.derive;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.LossCurveShape;
import java.util.List;

/**
 * The all-reduce (PyTorch DDP) types, taken from Pollux's measured profiles (petuum/adaptdl,
 * osdi21-artifact @ c793c708, {@code simulator/traces/<app>/}), and the choices made for them.
 *
 * <p><b>One local batch per application.</b> Pollux measured each application at several per-GPU
 * batch sizes; a job type here keeps one, the measured value nearest the batch customarily used
 * per GPU: cifar10 (ResNet-18 on CIFAR-10) 129 for 128; imagenet (ResNet-50 on ImageNet) 57 for
 * 64; bert (BERT fine-tuning on SQuAD) 12, the largest measured. The reference batch of a step
 * ({@code global_batch} in the table) is that local batch: a job with w workers does w reference
 * steps per measured step, so its speed is {@code w / step_time} reference steps per second.
 *
 * <p><b>Loss curves are chosen, not measured</b>, as for the DL2 types ({@link Dl2Types}): from
 * {@code ln(classes)} (for bert, ln of SQuAD's 384-token context, over which answer starts and
 * ends are classified) to a plausible floor.
 *
 * <p><b>Demands are chosen</b>: one GPU, 4 vcores for the data loader, 16 GiB per worker.
 */
final class PolluxTypes {

    /**
     * One all-reduce type.
     *
     * @param app        Pollux's application folder name, also the type name
     * @param localBatch the per-GPU batch kept
     * @param loss       chosen loss-curve shape
     */
    record Spec(String app, int localBatch, LossCurveShape loss) {
    }

    static final Resources WORKER_DEMAND = Resources.of(1, 4, 16384);

    static final List<Spec> ALL = List.of(
            new Spec("cifar10", 129, Dl2Types.crossEntropy(10, 0.02, 0.05)),
            new Spec("imagenet", 57, Dl2Types.crossEntropy(1000, 0.9, 0.1)),
            new Spec("bert", 12, Dl2Types.crossEntropy(384, 0.8, 0.1)));

    private PolluxTypes() {
    }
}
