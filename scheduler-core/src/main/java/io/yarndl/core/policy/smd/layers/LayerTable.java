package io.yarndl.core.policy.smd.layers;

import java.util.List;
import java.util.Objects;

/**
 * A model's layers in order, as derived from its definition, with where the figures come from.
 * Immutable.
 *
 * @param model  the model's name as DL2's measurements and the simulator name it, e.g. {@code resnet-50}
 * @param source where the structure comes from, e.g. {@code torchvision 0.14 resnet50, input 3x224x224}
 * @param layers its layers with parameters, in forward order; at least one
 */
public record LayerTable(String model, String source, List<Layer> layers) {

    public LayerTable {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(source, "source");
        layers = List.copyOf(Objects.requireNonNull(layers, "layers"));
        if (layers.isEmpty()) {
            throw new IllegalArgumentException("layer table of " + model + " has no layers");
        }
    }

    /** Bytes of all parameters: what one worker pushes (and pulls) per iteration. */
    public long totalBytes() {
        long total = 0;
        for (Layer layer : layers) {
            total += layer.bytes();
        }
        return total;
    }

    /** Forward and backward FLOPs of one sample through the whole model. */
    public double flopsPerSample() {
        double total = 0;
        for (Layer layer : layers) {
            total += layer.flopsPerSample();
        }
        return total;
    }
}
