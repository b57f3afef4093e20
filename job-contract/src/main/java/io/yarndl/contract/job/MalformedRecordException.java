package io.yarndl.contract.job;

/**
 * A job record in ZooKeeper that cannot be used: not JSON, an unknown version, a missing, unknown
 * or ill-typed field, or values a {@link io.yarndl.core.job.JobSpec} would reject. The message
 * names the record and the field (for example {@code spec: missing required field 'worker.gpus'}); whoever
 * read the bytes adds the ZooKeeper path when it reports. A local parsing failure, never a
 * connection problem.
 */
public final class MalformedRecordException extends Exception {

    private static final long serialVersionUID = 1L;

    public MalformedRecordException(String message) {
        super(message);
    }

    public MalformedRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
