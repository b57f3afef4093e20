package io.yarndl.am.master;

/**
 * The resize an {@link ElasticJob} has decided but not yet carried out: when it was decided,
 * whether it only waits for grants to settle, and whether the running generation has checkpointed
 * since (the reasons go to the job's event log). Not thread-safe: the job's lock guards it.
 */
final class PendingResize {

    private boolean decided;
    private long decidedAtMs;
    private boolean grant;
    private boolean checkpointed;

    /**
     * Notes a reason to resize at {@code nowMs}.
     *
     * @return true when this starts a new pending resize (false when it joins one)
     */
    boolean decide(long nowMs, boolean byGrant) {
        if (!decided) {
            decided = true;
            decidedAtMs = nowMs;
            grant = byGrant;
            checkpointed = false;
            return true;
        }
        if (!byGrant && grant) {
            // A shrink or a failure does not wait for the grant's settling time.
            grant = false;
        }
        return false;
    }

    /** The running generation saved a checkpoint; true when a resize was waiting for it. */
    boolean checkpointed() {
        if (decided) {
            checkpointed = true;
        }
        return decided;
    }

    boolean isDecided() {
        return decided;
    }

    boolean hasCheckpoint() {
        return checkpointed;
    }

    /** Whether it only waits for more grants, and may still be settling. */
    boolean byGrant() {
        return grant;
    }

    long waitedMs(long nowMs) {
        return nowMs - decidedAtMs;
    }

    /** The resize was carried out. */
    void clear() {
        decided = false;
        grant = false;
        checkpointed = false;
    }
}
