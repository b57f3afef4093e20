package io.yarndl.core.policy.dl2;

/** The network failed to answer during a round (ONNX Runtime threw, or it returned nonsense). */
public final class ModelFailureException extends RuntimeException {

    public ModelFailureException(String message, Throwable cause) {
        super(message, cause);
    }

    public ModelFailureException(String message) {
        super(message);
    }
}
