package io.yarndl.core.policy.smd.layers;

import java.util.Collection;

/**
 * No layer table is shipped for the model a job declared, so SMD cannot model its iterations from
 * layers. The message names the model asked for, the known ones, and how a job declares its model.
 */
public final class NoLayerTableException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String model;

    NoLayerTableException(String model, Collection<String> known) {
        super("no layer table for model '" + model + "'; known models: " + String.join(", ", known)
                + " (a job declares its model with --model-family, e.g. --model-family resnet-50)");
        this.model = model;
    }

    /** The model name that was asked for, as given. */
    public String model() {
        return model;
    }
}
