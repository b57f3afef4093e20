package io.yarndl.yarn.state;

/**
 * ZooKeeper failed an operation of the {@link SchedulerStateStore}: connection lost, session
 * expired, no permission under the configured ACL. What is stored stays as it was or is already
 * switched to the new checkpoint, never torn; the caller keeps its latest checkpoint and writes
 * it again once ZooKeeper is back.
 */
public final class StateStoreException extends Exception {

    private static final long serialVersionUID = 1L;

    public StateStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
