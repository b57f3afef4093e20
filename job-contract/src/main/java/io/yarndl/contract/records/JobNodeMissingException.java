package io.yarndl.contract.records;

/**
 * A job's node does not exist yet, so an authenticated AM cannot write its records: the scheduler
 * creates that node, with the ACL that lets this application in, when it admits the job, and
 * retries while ZooKeeper is unreachable. Writing again later is the remedy.
 */
public final class JobNodeMissingException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param jobNode the missing {@code <root>/jobs/<applicationId>} */
    public JobNodeMissingException(String jobNode) {
        super("the scheduler has not created " + jobNode + " yet; the records will be written once it has");
    }
}
