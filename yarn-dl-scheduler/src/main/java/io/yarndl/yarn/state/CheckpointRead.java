package io.yarndl.yarn.state;

import java.util.Objects;

/** What {@link SchedulerStateStore#read()} found in ZooKeeper. */
public sealed interface CheckpointRead {

    /**
     * A checkpoint that passed every check.
     *
     * @param manifestVersion the manifest node's data version it was read at
     */
    record Found(SchedulerCheckpoint checkpoint, int manifestVersion) implements CheckpointRead {
        public Found {
            Objects.requireNonNull(checkpoint, "checkpoint");
        }
    }

    /** No checkpoint has been written yet (or the first write has not switched the manifest yet). */
    record Absent() implements CheckpointRead {
    }

    /**
     * A checkpoint that is there but cannot be used; already counted and logged by the store.
     *
     * @param message says what is wrong and names the znode
     */
    record Rejected(CheckpointProblem reason, String message) implements CheckpointRead {
        public Rejected {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
        }
    }
}
