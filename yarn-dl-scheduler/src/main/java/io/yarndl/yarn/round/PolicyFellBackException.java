package io.yarndl.yarn.round;

import java.util.concurrent.TimeoutException;

/**
 * A round whose policy overran its timeout once too often in a row: the round is abandoned like
 * any overrun, and from the next round on {@link #fallback()} plans in its place.
 */
public final class PolicyFellBackException extends TimeoutException {

    private static final long serialVersionUID = 1L;

    private final String overran;
    private final String fallback;

    PolicyFellBackException(String overran, int overruns, String fallback) {
        super("policy " + overran + " overran its timeout " + overruns + " rounds in a row; " + fallback
                + " plans from the next round on");
        this.overran = overran;
        this.fallback = fallback;
    }

    /** The policy that kept overrunning. */
    public String overran() {
        return overran;
    }

    /** The policy that replaced it. */
    public String fallback() {
        return fallback;
    }
}
