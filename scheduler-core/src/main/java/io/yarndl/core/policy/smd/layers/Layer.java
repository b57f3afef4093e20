package io.yarndl.core.policy.smd.layers;

import java.util.Objects;

/**
 * One layer of a model as SMD's analytical model sees it (Yu et al., INFOCOM'21): the parameters
 * it keeps on a parameter server, which every worker pushes as gradients and pulls back each
 * iteration, and the work one training sample costs it going forward and backward.
 *
 * @param name          the layer's name in the model definition, e.g. {@code layer1.0.conv1}
 * @param kind          its operator, e.g. {@code conv}, {@code linear}, {@code lstm}, {@code embedding}
 * @param parameters    trainable parameters (32-bit floats on the wire)
 * @param forwardFlops  floating-point operations of its forward pass for one sample at the job's input size
 * @param backwardFlops the same for its backward pass (gradients of inputs and of weights)
 */
public record Layer(String name, String kind, long parameters, double forwardFlops, double backwardFlops) {

    /** Bytes of one parameter or gradient: 32-bit floats, as MXNet's and PyTorch's PS jobs send them. */
    public static final int BYTES_PER_PARAMETER = 4;

    public Layer {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if (parameters < 0) {
            throw new IllegalArgumentException("layer " + name + ": negative parameter count " + parameters);
        }
        if (!(forwardFlops >= 0) || !(backwardFlops >= 0) || Double.isInfinite(forwardFlops)
                || Double.isInfinite(backwardFlops)) {
            throw new IllegalArgumentException("layer " + name + ": FLOPs must be finite and >= 0, got "
                    + forwardFlops + " forward, " + backwardFlops + " backward");
        }
    }

    /** What the layer sends to (or receives from) its parameter server per iteration, one way. */
    public long bytes() {
        return parameters * BYTES_PER_PARAMETER;
    }

    /** Forward and backward work of one sample. */
    public double flopsPerSample() {
        return forwardFlops + backwardFlops;
    }
}
