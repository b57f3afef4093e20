package io.yarndl.am.master;

import org.apache.hadoop.security.UserGroupInformation;

/**
 * The user an ApplicationMaster acts as: the application's submitter, whom YARN names in the
 * container's {@code USER}, holding the container's tokens (its AMRMToken, the job's HDFS
 * delegation tokens, the ZooKeeper secret). The process's own login user is whoever the NodeManager
 * ran the container as: the submitter under {@code LinuxContainerExecutor}, the NodeManager's own
 * user under {@code DefaultContainerExecutor}. The HDFS token speaks for the submitter whatever the
 * process's user, but the AM also names its user, in the checkpoint directory's owner check and to
 * its workers, and that must be the submitter too. MapReduce's {@code MRAppMaster} does the same.
 */
final class AmUser {

    private AmUser() {
    }

    /** {@code submitter} with the credentials of {@code process}, the container's login user. */
    static UserGroupInformation of(String submitter, UserGroupInformation process) {
        if (submitter == null || submitter.isBlank()) {
            throw new IllegalArgumentException("not in a YARN container: USER (the application's submitter) is not set");
        }
        UserGroupInformation user = UserGroupInformation.createRemoteUser(submitter);
        user.addCredentials(process.getCredentials());
        return user;
    }
}
