package io.yarndl.yarn.state;

import java.util.Objects;

/**
 * A stored checkpoint that cannot be used, with the {@link CheckpointProblem} that says why and a
 * message that names the part at fault (a field's path, a chunk). Whoever read the bytes adds the
 * ZooKeeper path when it reports. A local decoding failure, never a connection problem.
 */
public final class UnreadableCheckpointException extends Exception {

    private static final long serialVersionUID = 1L;

    private final CheckpointProblem problem;

    public UnreadableCheckpointException(CheckpointProblem problem, String message) {
        super(message);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    public UnreadableCheckpointException(CheckpointProblem problem, String message, Throwable cause) {
        super(message, cause);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    public CheckpointProblem problem() {
        return problem;
    }
}
