package io.yarndl.yarn.jobs;

/**
 * What makes a YARN application a deep-learning job, as the scheduler and every ApplicationMaster
 * must agree on it. An application of type {@link #APPLICATION_TYPE} in a DL queue is the policy's;
 * its workers and parameter servers are told apart by the priority of their container asks.
 */
public final class DlJobContract {

    /** The YARN application type of a deep-learning job. */
    public static final String APPLICATION_TYPE = "DEEP_LEARNING";

    /** AM environment variable holding the job description JSON, read by the scheduler at submission. */
    public static final String SPEC_ENV = "YARN_DL_JOB_SPEC";

    /** AM environment variable: the ZooKeeper connect string the AM writes its records to. */
    public static final String ZK_ADDRESS_ENV = "YARN_DL_ZK_ADDRESS";

    /** AM environment variable: the ZooKeeper root of yarn-dl's records (default {@code /yarn-dl}). */
    public static final String ZK_ROOT_ENV = "YARN_DL_ZK_ROOT";

    /** Priority of worker container asks. The AM's own container has priority 0. */
    public static final int WORKER_PRIORITY = 1;

    /** Priority of parameter-server container asks. */
    public static final int PS_PRIORITY = 2;

    private DlJobContract() {
    }
}
