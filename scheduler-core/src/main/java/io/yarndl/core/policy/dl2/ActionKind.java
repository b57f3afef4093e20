package io.yarndl.core.policy.dl2;

import java.util.List;

/** What one DL2 action does to a job ({@link Dl2Layout} gives the action indices). */
public enum ActionKind {
    /** Adds a worker on the action's GPU type. */
    WORKER(1, 0),
    /** Adds a parameter server (no GPU). */
    PS(0, 1),
    /** Adds a worker on the action's GPU type and a parameter server. */
    BOTH(1, 1),
    /** Moves what is planned for the job so far to the action's GPU type; adds nothing. */
    MOVE(0, 0);

    /** The kinds that name a GPU type, in the order of their blocks within a slot's actions. */
    static final List<ActionKind> TYPED = List.of(WORKER, BOTH, MOVE);

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
