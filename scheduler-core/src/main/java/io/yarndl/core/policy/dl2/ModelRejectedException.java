package io.yarndl.core.policy.dl2;

/**
 * A DL2 model that must not serve: its file or card is missing, unreadable or corrupt, its
 * checksum or feature layout does not match, or ONNX Runtime cannot load it or it has the wrong
 * shape. The message names the file and what is wrong with it.
 */
public final class ModelRejectedException extends Exception {

    public ModelRejectedException(String message) {
        super(message);
    }

    public ModelRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
