package io.yarndl.yarn.state;

/** What {@link SchedulerStateStore#write} did with a checkpoint. */
public enum WriteOutcome {
    /** Stored; readers now get it. */
    WRITTEN,
    /** Not rewritten: its payload equals the one the manifest already points at. */
    UNCHANGED,
    /** Not stored: another scheduler wrote the manifest since this store last saw it; the next write goes ahead. */
    CONFLICT,
    /** Not stored: too large for the configured maximum even with no samples; the previous checkpoint stays. */
    TOO_LARGE
}
