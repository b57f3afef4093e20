package io.yarndl.core.job;

/** How many workers and parameter servers of one job sit somewhere (a node, or the whole job). */
public record TaskCount(int workers, int ps) {

    public static final TaskCount NONE = new TaskCount(0, 0);

    public TaskCount {
        if (workers < 0 || ps < 0) {
            throw new IllegalArgumentException("negative task count: workers=" + workers + ", ps=" + ps);
        }
    }

    public TaskCount plus(TaskCount other) {
        return new TaskCount(workers + other.workers, ps + other.ps);
    }

    public int tasks() {
        return workers + ps;
    }
}
