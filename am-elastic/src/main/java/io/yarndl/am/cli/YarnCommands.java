package io.yarndl.am.cli;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.contract.job.DlJobContract;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The commands against a YARN cluster, through a {@link YarnClient} of {@code conf}'s
 * ResourceManager. The only class of the client side that the CLI loads Hadoop for.
 */
final class YarnCommands implements ClusterCommands {

    /** How long {@code submit} waits for the AM to start before printing the tracking URL it has. */
    static final Duration START_WAIT = Duration.ofSeconds(10);
    static final Duration POLL = Duration.ofMillis(500);

    static final Set<YarnApplicationState> UNFINISHED =
            EnumSet.complementOf(EnumSet.copyOf(ApplicationFollower.TERMINAL));

    private final Configuration conf;

    YarnCommands(Configuration conf) {
        this.conf = conf;
    }

    /** Against the {@code yarn-site.xml} and {@code core-site.xml} on the classpath. */
    static YarnCommands withClasspathConfiguration() {
        return new YarnCommands(new YarnConfiguration());
    }

    /** A started client of the ResourceManager in {@code conf}; closing it stops it. */
    static YarnClient connect(Configuration conf) {
        YarnClient yarn = YarnClient.createYarnClient();
        yarn.init(conf);
        yarn.start();
        return yarn;
    }

    /**
     * Checks the command line ({@link JobRequest}) and, on a secure cluster, the user's Kerberos ticket
     * ({@link HdfsDelegationTokens#requireKerberosTicket()}: here only, the tokens asked for later rely
     * on it), then creates the application, stages its files ({@link Staging}), builds the AM's
     * container ({@link AmLaunchContext}) and submits it. Nothing touches YARN or the file system
     * before the checks pass.
     */
    @Override
    public int submit(SubmitOptions options, PrintWriter out, PrintWriter err)
            throws IOException, YarnException, InterruptedException {
        JobRequest request = JobRequest.from(options, conf, OwnJar.of(SubmitCommand.class));
        HdfsDelegationTokens.requireKerberosTicket();
        try (YarnClient yarn = connect(conf)) {
            YarnClientApplication app = yarn.createApplication();
            ApplicationSubmissionContext context = app.getApplicationSubmissionContext();
            ApplicationId id = context.getApplicationId();
            Staging staging = Staging.of(FileSystem.get(conf), id);
            try {
                List<ShippedFile> shipped = staging.ship(request);
                if (request.keepStaging()) {
                    staging.markKept();
                }
                String checkpointDir = request.checkpointDir().map(staging::qualify)
                        .orElseGet(staging::defaultCheckpointDir);
                ElasticJobConfig config = request.amConfig(shipped, checkpointDir,
                        request.keepStaging() ? null : staging.dir().toString());
                context.setApplicationName(request.description().name());
                context.setApplicationType(DlJobContract.APPLICATION_TYPE);
                context.setQueue(request.queue());
                context.setResource(Resource.newInstance(request.amMemoryMb(), request.amVcores()));
                // A later attempt resumes the job from its checkpoint; it is told which containers the lost
                // AM left running, so that none of them still trains when it starts. The RM caps the count
                // at yarn.resourcemanager.am.max-attempts.
                context.setMaxAppAttempts(request.maxAmAttempts());
                context.setKeepContainersAcrossApplicationAttempts(true);
                Credentials tokens = HdfsDelegationTokens.forDirectories(conf,
                        List.of(staging.dir(), new Path(checkpointDir)));
                context.setAMContainerSpec(AmLaunchContext.build(request, config, conf, tokens));
                yarn.submitApplication(context);
            } catch (IOException | YarnException | RuntimeException e) {
                deleteQuietly(staging, err);
                throw e;
            }
            out.println("Submitted application " + id);
            out.flush();
            ApplicationFollower follower = new ApplicationFollower(yarn, id, POLL);
            ApplicationReport report = follower.awaitStart(START_WAIT);
            out.println("Tracking URL: " + ApplicationFollower.trackingUrl(report));
            out.flush();
            if (!request.await()) {
                return YarnDlCli.EXIT_OK;
            }
            int code = follower.followToEnd(out);
            // The AM removes it after unregistering; this covers an AM that never got that far.
            if (!request.keepStaging()) {
                deleteQuietly(staging, err);
            }
            return code;
        }
    }

    @Override
    public int status(String applicationId, PrintWriter out, PrintWriter err)
            throws IOException, YarnException, InterruptedException {
        ApplicationId id = ApplicationId.fromString(applicationId);
        ApplicationReport report;
        try (YarnClient yarn = connect(conf)) {
            report = yarn.getApplicationReport(id);
        } catch (ApplicationNotFoundException e) {
            err.println("yarn-dl-am status: the ResourceManager knows no application " + id);
            return YarnDlCli.EXIT_FAILURE;
        }
        StatusReport.print(report, out);
        return YarnDlCli.EXIT_OK;
    }

    /** Kills the application, then removes its staging directory unless it was submitted with --keep-staging. */
    @Override
    public int kill(String applicationId, PrintWriter out, PrintWriter err) throws IOException, YarnException {
        ApplicationId id = ApplicationId.fromString(applicationId);
        try (YarnClient yarn = connect(conf)) {
            ApplicationReport report = yarn.getApplicationReport(id);
            if (ApplicationFollower.TERMINAL.contains(report.getYarnApplicationState())) {
                out.printf("Application %s has already ended (%s/%s)%n", id, report.getYarnApplicationState(),
                        report.getFinalApplicationStatus());
                out.flush();
                return YarnDlCli.EXIT_OK;
            }
            try {
                yarn.killApplication(id);
            } catch (YarnException | SecurityException e) {
                if (!refusedByAcl(e)) {
                    throw e;
                }
                // The RM's audit log has the refusal too (RMAuditLogger: USER, OPERATION, RESULT=FAILURE).
                err.printf("yarn-dl-am kill: %s may not kill %s, a job of %s in queue %s: YARN's ACLs refuse it"
                                + " (the job's owner, a YARN admin in yarn.admin.acl, or the queue's"
                                + " acl_administer_queue may kill it)%n",
                        UserGroupInformation.getCurrentUser().getShortUserName(), id, report.getUser(), report.getQueue());
                err.flush();
                return YarnDlCli.EXIT_FAILURE;
            }
            out.printf("Killed application %s%n", id);
            out.flush();
        } catch (ApplicationNotFoundException e) {
            err.println("yarn-dl-am kill: the ResourceManager knows no application " + id);
            return YarnDlCli.EXIT_FAILURE;
        }
        // A killed AM gets no time to clean up after itself (SIGKILL follows SIGTERM within 250 ms).
        Staging staging = Staging.of(FileSystem.get(conf), id);
        if (!staging.isKept()) {
            deleteQuietly(staging, err);
        }
        return YarnDlCli.EXIT_OK;
    }

    /**
     * The RM's answer to a caller without MODIFY_APP: {@code ClientRMService} throws a
     * {@code java.security.AccessControlException} wrapped for the RPC, which the client sees as a
     * {@code YarnException} whose message names it (or, unwrapped, as that exception itself).
     * Hadoop's own {@code org.apache.hadoop.security.AccessControlException}, wrapped or named,
     * counts too.
     */
    static boolean refusedByAcl(Exception e) {
        String message = String.valueOf(e.getMessage());
        return e instanceof java.security.AccessControlException
                || e.getCause() instanceof AccessControlException
                || message.contains(AccessControlException.class.getName())
                || message.contains(java.security.AccessControlException.class.getName());
    }

    @Override
    public int list(boolean all, PrintWriter out, PrintWriter err) throws IOException, YarnException {
        List<ApplicationReport> reports;
        try (YarnClient yarn = connect(conf)) {
            reports = new ArrayList<>(yarn.getApplications(Set.of(DlJobContract.APPLICATION_TYPE),
                    all ? EnumSet.allOf(YarnApplicationState.class) : EnumSet.copyOf(UNFINISHED)));
        }
        reports.sort(Comparator.comparing(ApplicationReport::getApplicationId));
        out.print(JobTable.of(reports));
        out.flush();
        return YarnDlCli.EXIT_OK;
    }

    private static void deleteQuietly(Staging staging, PrintWriter err) {
        try {
            staging.delete();
        } catch (IOException | RuntimeException e) {
            err.println("warning: could not remove " + staging.dir() + ": " + e.getMessage());
            err.flush();
        }
    }
}
