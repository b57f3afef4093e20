package io.yarndl.yarn.jobs;

/** Why {@link JobRecordWatcher} skipped a job record; each is counted in {@link RecordRejections}. */
public enum RejectionReason {
    /** The spec node held something {@link JobRecordCodec} cannot read. */
    MALFORMED_SPEC,
    /** The progress node held something {@link JobRecordCodec} cannot read. */
    MALFORMED_PROGRESS,
    /** The progress record parsed but {@link io.yarndl.core.job.ProgressSample#isUsable()} is false. */
    UNUSABLE_SAMPLE,
    /** The progress record's step is lower than the last accepted sample's step. */
    STEP_BACKWARDS
}
