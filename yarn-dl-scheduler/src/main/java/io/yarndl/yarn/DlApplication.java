package io.yarndl.yarn;

import io.yarndl.contract.job.JobDescription;
import org.apache.hadoop.yarn.api.records.ApplicationId;

/**
 * A deep-learning application the scheduler admitted: what it declared at submission (the
 * fallback until its AM writes the spec to ZooKeeper) and where it runs.
 */
record DlApplication(ApplicationId id, JobDescription declared, String queuePath, String user, long submitMillis) {
}
