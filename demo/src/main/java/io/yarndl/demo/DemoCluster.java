package io.yarndl.demo;

import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.web.DlWebServices;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The demo's cluster: a {@link DlMiniCluster} with HDFS (job files and checkpoints), its
 * ResourceManager running the {@link DeepLearningScheduler} under the chosen policy on a fixed web
 * port, and a client of it. {@link #close()} stops it all in order: applications killed (so their
 * training processes end), then YARN, HDFS and ZooKeeper, then any process the containers left.
 */
final class DemoCluster implements AutoCloseable {

    /** Rounds every half second: the terminal shows a resize soon after the plan changes. */
    private static final long ROUND_INTERVAL_MS = 500;
    /** How long a shrinking job may take to checkpoint and release a worker before it is killed. */
    private static final long PREEMPTION_GRACE_MS = 20_000;
    private static final Duration KILL_WAIT = Duration.ofSeconds(30);
    private static final Set<YarnApplicationState> LIVE = EnumSet.of(YarnApplicationState.NEW,
            YarnApplicationState.NEW_SAVING, YarnApplicationState.SUBMITTED, YarnApplicationState.ACCEPTED,
            YarnApplicationState.RUNNING);

    private final DlMiniCluster cluster;
    private final YarnClient yarn;
    private boolean stopped;
    private int leftovers;

    private DemoCluster(DlMiniCluster cluster, YarnClient yarn) {
        this.cluster = cluster;
        this.yarn = yarn;
    }

    /** Starts ZooKeeper, HDFS and YARN (about 15 s) with the ResourceManager's web UI on {@code webPort}. */
    static DemoCluster start(String policy, int webPort) throws Exception {
        DlMiniCluster cluster = DlMiniCluster.start(DlClusterOptions.single().withHdfs().withWebPort(webPort)
                .withTweaks(conf -> {
                    conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
                    conf.set(SchedulerSettings.POLICY, policy);
                    conf.setLong(SchedulerSettings.INTERVAL_MS, ROUND_INTERVAL_MS);
                    conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, PREEMPTION_GRACE_MS);
                    conf.set(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS, DlWebServices.class.getName());
                }));
        try {
            YarnClient yarn = YarnClient.createYarnClient();
            yarn.init(cluster.yarnConf());
            yarn.start();
            return new DemoCluster(cluster, yarn);
        } catch (RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** The running cluster's configuration, for the job client. */
    Configuration conf() {
        return cluster.yarnConf();
    }

    /** The folder of the cluster's site files, put first on the ApplicationMaster's classpath. */
    Path confDir() {
        return cluster.confDir();
    }

    YarnClient yarn() {
        return yarn;
    }

    DeepLearningScheduler scheduler() {
        return cluster.activeScheduler();
    }

    /** {@code http://localhost:<port>} of the ResourceManager's web UI. */
    String webBase() {
        return "http://" + cluster.yarnConf().get(YarnConfiguration.RM_WEBAPP_ADDRESS);
    }

    /**
     * Kills live applications and waits for them to end, then stops everything; returns how many
     * processes the containers left that had to be ended here (0 when all went as it should).
     * Calls after the first do nothing.
     */
    synchronized int stop() throws IOException {
        if (stopped) {
            return 0;
        }
        stopped = true;
        try {
            killLiveApplications();
        } finally {
            yarn.stop();
        }
        List<ProcessHandle> started = ProcessSweep.descendants();
        try {
            cluster.close();
        } finally {
            leftovers = ProcessSweep.stop(started);
        }
        return leftovers;
    }

    @Override
    public void close() throws IOException {
        stop();
    }

    private void killLiveApplications() throws IOException {
        try {
            List<ApplicationReport> live = yarn.getApplications(EnumSet.copyOf(LIVE));
            for (ApplicationReport app : live) {
                yarn.killApplication(app.getApplicationId());
            }
            long deadline = System.nanoTime() + KILL_WAIT.toNanos();
            while (!yarn.getApplications(EnumSet.copyOf(LIVE)).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
        } catch (YarnException e) {
            throw new IOException("could not kill the demo's applications: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
