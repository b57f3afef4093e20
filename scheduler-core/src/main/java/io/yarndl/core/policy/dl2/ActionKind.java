package io.yarndl.core.policy.dl2;

/** What one DL2 action adds to a job: in this order, the order of {@link Dl2Layout}'s action indices. */
public enum ActionKind {
    WORKER(1, 0),
    PS(0, 1),
    BOTH(1, 1);

    private final int workers;
    private final int ps;

    ActionKind(int workers, int ps) {
        this.workers = workers;
        this.ps = ps;
    }

    public int workers() {
        return workers;
    }

    public int ps() {
        return ps;
    }
}
