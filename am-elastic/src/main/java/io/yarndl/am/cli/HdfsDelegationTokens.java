package io.yarndl.am.cli;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.client.util.YarnClientUtils;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The HDFS delegation tokens a job needs on a secure cluster, obtained by {@code submit} from the
 * user's Kerberos ticket: one for each file system that holds the job's staging directory (its
 * shipped files) or its checkpoints, with the ResourceManager as renewer. They go into the AM's
 * launch context ({@link AmLaunchContext}); the RM renews them while the application runs and
 * cancels them when it ends, as for a MapReduce or Spark job, and the AM passes them on to its
 * workers. The renewer is {@code yarn.resourcemanager.principal} with {@code _HOST} resolved
 * against the RM's address (the first RM's with RM HA), as MapReduce's {@code Master} and Spark do.
 *
 * <p>With simple authentication there is nothing to obtain: the credentials come back empty.
 */
public final class HdfsDelegationTokens {

    private HdfsDelegationTokens() {
    }

    /**
     * Tokens for the file systems of {@code dirs}, as the current user; each file system once
     * ({@code FileSystem#addDelegationTokens} skips one the credentials already hold a token for).
     * The caller has checked the user's ticket with {@link #requireKerberosTicket()} before anything
     * reached YARN or HDFS ({@code submit} does, first thing): by the time tokens are asked for, the
     * application exists and its files are staged, too late for that check to spare the user anything.
     *
     * @throws UsageException when security is on and {@code yarn.resourcemanager.principal} is not set
     * @throws IOException    when a NameNode refuses or cannot be reached
     */
    public static Credentials forDirectories(Configuration conf, List<Path> dirs) throws IOException {
        Credentials credentials = new Credentials();
        if (!UserGroupInformation.isSecurityEnabled()) {
            return credentials;
        }
        String renewer = renewer(conf);
        for (Path dir : dirs) {
            dir.getFileSystem(conf).addDelegationTokens(renewer, credentials);
        }
        return credentials;
    }

    /**
     * Checks, before anything reaches YARN or HDFS, that a secure cluster's user has a Kerberos
     * ticket; without one every call fails later with a less helpful "Client cannot authenticate".
     *
     * @throws UsageException naming {@code kinit} when security is on and there is no ticket
     */
    public static void requireKerberosTicket() throws IOException {
        if (!UserGroupInformation.isSecurityEnabled()) {
            return;
        }
        UserGroupInformation user = UserGroupInformation.getCurrentUser();
        // A proxy user (a gateway submitting for someone, with hadoop.proxyuser rights) has its real user's ticket.
        UserGroupInformation ticketHolder = user.getRealUser() != null ? user.getRealUser() : user;
        if (!ticketHolder.hasKerberosCredentials()) {
            throw new UsageException("Hadoop security is on (hadoop.security.authentication=kerberos) but "
                    + user.getUserName() + " has no Kerberos ticket: run kinit (or kinit -kt <keytab> <principal>) "
                    + "and submit again; the job's HDFS delegation tokens are obtained with it");
        }
    }

    /** The ResourceManager's Kerberos principal, {@code _HOST} resolved: the tokens' renewer. */
    static String renewer(Configuration conf) throws IOException {
        String principal = YarnClientUtils.getRmPrincipal(conf);
        if (principal == null || principal.isBlank()) {
            throw new UsageException("Hadoop security is on but " + YarnConfiguration.RM_PRINCIPAL + " is not set: "
                    + "the job's HDFS delegation tokens name the ResourceManager as their renewer");
        }
        return principal;
    }
}
