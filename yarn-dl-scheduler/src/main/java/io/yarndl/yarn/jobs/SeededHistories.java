package io.yarndl.yarn.jobs;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Sample histories restored from a checkpoint for jobs the {@link JobRecordWatcher} has not seen
 * in ZooKeeper yet. A job takes its history when its first record arrives; whatever is still here
 * when the watcher's initial load is over belongs to jobs whose nodes are gone (they finished while
 * no scheduler was watching) and is dropped, so that a checkpoint cannot bring back a job that
 * ZooKeeper no longer has. Thread-safe; each method is one atomic step.
 */
final class SeededHistories {

    private final Map<String, SampleHistory> waiting = new HashMap<>();
    private boolean loaded;

    /**
     * Keeps {@code history} until {@code applicationId} shows up.
     *
     * @return false, keeping nothing, once the initial load is over: a job not known by then is gone
     */
    synchronized boolean offer(String applicationId, SampleHistory history) {
        if (loaded) {
            return false;
        }
        waiting.put(applicationId, history);
        return true;
    }

    /** Removes and returns the history waiting for {@code applicationId}, or null when there is none. */
    synchronized SampleHistory take(String applicationId) {
        return waiting.remove(applicationId);
    }

    synchronized void forget(String applicationId) {
        waiting.remove(applicationId);
    }

    /** The histories still waiting, by application id; a copy. */
    synchronized Map<String, SampleHistory> snapshot() {
        return Map.copyOf(waiting);
    }

    /** Marks the initial load over and drops what no job claimed; returns the ids dropped. */
    synchronized Set<String> endInitialLoad() {
        loaded = true;
        Set<String> dropped = Set.copyOf(waiting.keySet());
        waiting.clear();
        return dropped;
    }
}
