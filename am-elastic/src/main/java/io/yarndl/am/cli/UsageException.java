package io.yarndl.am.cli;

/**
 * A command line that cannot be run as given: a bad option value, a missing file, a combination
 * the scheduler would reject. Raised before anything is submitted or uploaded; {@link YarnDlJob}
 * prints its message and exits with {@link YarnDlJob#EXIT_USAGE}.
 */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
