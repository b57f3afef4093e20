package io.yarndl.yarn.state;

/**
 * Why a stored scheduler checkpoint could not be used; each is counted in
 * {@link StateStoreCounters}. None is fatal: the scheduler starts without the checkpoint.
 */
public enum CheckpointProblem {
    /** The manifest or the payload is not what it should be: not JSON or gzip, a missing, unknown or ill-typed field, values a record refuses. */
    MALFORMED,
    /** Part of the payload is missing or differs from what the manifest promised: a missing chunk, a wrong length, a wrong sha256, a cut-off gzip stream. */
    TRUNCATED,
    /** Larger than this scheduler accepts: the manifest's length over the configured maximum, or a payload that decompresses past its limit. */
    OVERSIZED,
    /** Written in a format this scheduler cannot read (older with no migration, or newer). */
    UNSUPPORTED_FORMAT
}
