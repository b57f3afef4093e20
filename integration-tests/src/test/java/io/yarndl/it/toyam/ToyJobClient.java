package io.yarndl.it.toyam;

import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import io.yarndl.contract.access.AppZkSecret;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Submits {@link ToyElasticAppMaster} jobs to a test cluster and waits on them. The AM runs in a
 * fresh JVM with this test JVM's classpath, preceded by the cluster's configuration directory (so
 * it finds the RM and the {@code yarn.io/gpu} resource type); its stdout and stderr land in the
 * AM container's log directory. One attempt only: a failing toy AM should fail the test, not retry.
 */
public final class ToyJobClient implements AutoCloseable {

    /** The AM container's memory in MB (with 1 vcore and no GPU). */
    public static final int AM_MEMORY_MB = 256;

    private static final Set<YarnApplicationState> TERMINAL =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);
    private static final long POLL_MS = 100;

    private final YarnClient yarn;
    private final Path confDir;
    private final String zkConnect;
    private final String zkRoot;
    private final Map<ApplicationId, String> secrets = new ConcurrentHashMap<>();
    private volatile boolean giveSecrets = true;
    private final JobRecordCodec codec = new JobRecordCodec();

    /**
     * @param yarnConf  the cluster's configuration (with its real RM addresses)
     * @param confDir   a directory with the cluster's {@code yarn-site.xml}, put first on the AM's classpath
     * @param zkConnect ZooKeeper the AM writes its records to
     * @param zkRoot    root of yarn-dl's records in ZooKeeper
     */
    public ToyJobClient(Configuration yarnConf, Path confDir, String zkConnect, String zkRoot) {
        this.confDir = confDir.toAbsolutePath();
        this.zkConnect = Objects.requireNonNull(zkConnect, "zkConnect");
        this.zkRoot = Objects.requireNonNull(zkRoot, "zkRoot");
        this.yarn = YarnClient.createYarnClient();
        yarn.init(yarnConf);
        yarn.start();
    }

    /** A client for {@code cluster}, its ZooKeeper and {@link DlMiniCluster#ZK_ROOT}. */
    public static ToyJobClient on(DlMiniCluster cluster) {
        return new ToyJobClient(cluster.yarnConf(), cluster.confDir(), cluster.zkConnect(), DlMiniCluster.ZK_ROOT);
    }

    /**
     * From now on submits jobs without a ZooKeeper secret, as an older client would: for a plain
     * CapacityScheduler, which creates no job nodes, so an AM with a secret would wait for one forever.
     */
    public ToyJobClient withoutZkSecrets() {
        giveSecrets = false;
        return this;
    }

    /**
     * Submits one toy job as an application of type {@link DlJobContract#APPLICATION_TYPE}, named
     * after the spec.
     *
     * @param queue   leaf queue name, e.g. {@link DlMiniCluster#DL_QUEUE}
     * @param spec    the job description, passed as JSON in {@link DlJobContract#SPEC_ENV}
     * @param options the AM's options
     */
    public ApplicationId submit(String queue, JobDescription spec, ToyAmOptions options)
            throws IOException, YarnException {
        YarnClientApplication app = yarn.createApplication();
        ApplicationSubmissionContext context = app.getApplicationSubmissionContext();
        context.setApplicationName(spec.name());
        context.setApplicationType(DlJobContract.APPLICATION_TYPE);
        context.setQueue(queue);
        context.setResource(Resource.newInstance(AM_MEMORY_MB, 1));
        context.setMaxAppAttempts(1);
        ContainerLaunchContext amContainer = ContainerLaunchContext.newInstance(Map.of(), environment(spec),
                List.of(command(options)), null, null, null);
        // As the yarn-dl client does: the AM may then write its own records in ZooKeeper and no others.
        String secret = AppZkSecret.generate();
        if (giveSecrets) {
            AppZkSecret.addTo(amContainer, secret);
        }
        context.setAMContainerSpec(amContainer);
        ApplicationId id = yarn.submitApplication(context);
        if (giveSecrets) {
            secrets.put(id, secret);
        }
        return id;
    }

    /** The ZooKeeper secret this client gave {@code application}'s AM. */
    public String secretOf(ApplicationId application) {
        String secret = secrets.get(application);
        if (secret == null) {
            throw new IllegalArgumentException(application + " was not submitted by this client");
        }
        return secret;
    }

    private Map<String, String> environment(JobDescription spec) {
        String json = codec.specToJson(spec);
        return Map.of(
                DlJobContract.SPEC_ENV, DlJobContract.encodeSpec(json),
                DlJobContract.ZK_ADDRESS_ENV, zkConnect,
                DlJobContract.ZK_ROOT_ENV, zkRoot,
                ApplicationConstants.Environment.CLASSPATH.name(), classpath());
    }

    private String command(ToyAmOptions options) {
        List<String> words = new ArrayList<>(List.of(
                ApplicationConstants.Environment.JAVA_HOME.$$() + "/bin/java", "-Xmx128m",
                "-cp", quote(classpath()), ToyElasticAppMaster.class.getName()));
        options.toArgs().forEach(arg -> words.add(quote(arg)));
        String logs = ApplicationConstants.LOG_DIR_EXPANSION_VAR;
        words.add("1>" + logs + "/stdout");
        words.add("2>" + logs + "/stderr");
        return String.join(" ", words);
    }

    /** The cluster's configuration first, then what this JVM runs with (Surefire's full test classpath). */
    private String classpath() {
        String own = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return confDir + File.pathSeparator + own;
    }

    /** Single quotes for the shell; the NodeManager wraps the command in double quotes. */
    private static String quote(String word) {
        if (word.contains("'") || word.contains("\"")) {
            throw new IllegalArgumentException("quotes are not supported in AM arguments: " + word);
        }
        return "'" + word + "'";
    }

    /**
     * Waits until the application is in one of {@code states}, polling every 100 ms.
     *
     * @return the report that showed it
     * @throws TimeoutException      if it is not there within {@code timeout}
     * @throws IllegalStateException if it ends in a terminal state not asked for (with its diagnostics)
     */
    public ApplicationReport awaitState(ApplicationId id, Duration timeout, YarnApplicationState... states)
            throws IOException, YarnException, InterruptedException, TimeoutException {
        Set<YarnApplicationState> wanted = EnumSet.copyOf(List.of(states));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ApplicationReport report = yarn.getApplicationReport(id);
            YarnApplicationState state = report.getYarnApplicationState();
            if (wanted.contains(state)) {
                return report;
            }
            if (TERMINAL.contains(state)) {
                throw new IllegalStateException(id + " ended " + state + "/" + report.getFinalApplicationStatus()
                        + " while waiting for " + wanted + ": " + report.getDiagnostics());
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException(id + " still " + state + " after " + timeout + ", waiting for " + wanted);
            }
            Thread.sleep(POLL_MS);
        }
    }

    /** The underlying client, for kills and reports. */
    public YarnClient yarnClient() {
        return yarn;
    }

    @Override
    public void close() {
        yarn.stop();
    }
}
