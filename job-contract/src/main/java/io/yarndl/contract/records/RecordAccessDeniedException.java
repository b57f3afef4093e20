package io.yarndl.contract.records;

import java.util.Optional;

/**
 * ZooKeeper refused a job record write for lack of permission ({@code NoAuth}): the node belongs
 * to another application or to the scheduler, or the writer's credentials are not the ones the
 * scheduler granted. Nothing was written. Retrying with the same credentials cannot succeed.
 */
public final class RecordAccessDeniedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final Optional<String> credentialsOf;

    /**
     * @param path          the node the write was refused on
     * @param credentialsOf the application whose credentials the writer used; empty when anonymous
     * @param cause         ZooKeeper's own exception
     */
    public RecordAccessDeniedException(String path, Optional<String> credentialsOf, Throwable cause) {
        super("ZooKeeper refused to write " + path + " with "
                + credentialsOf.map(id -> "the credentials of " + id).orElse("no credentials (anonymous)")
                + ": the node belongs to another application or to the scheduler"
                + credentialsOf.map(id -> ", or the secret does not match the one " + id + " was admitted with")
                        .orElse(", whose ACL grants anonymous clients no write"), cause);
        this.path = path;
        this.credentialsOf = credentialsOf;
    }

    /** The node the write was refused on. */
    public String path() {
        return path;
    }

    /** The application whose credentials were used; empty when the writer had none. */
    public Optional<String> credentialsOf() {
        return credentialsOf;
    }
}
