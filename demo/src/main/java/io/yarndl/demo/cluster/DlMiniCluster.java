package io.yarndl.demo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import io.yarndl.demo.cluster.DlClusterOptions.ResourceManagers;
import io.yarndl.yarn.DeepLearningScheduler;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;

/**
 * A whole YARN cluster in this JVM for integration tests and {@code bin/yarn-dl demo}: a ZooKeeper ({@link TestingServer}) and a
 * {@link MiniMRYarnCluster} (a MiniYARNCluster that can also run MapReduce jobs, plus a job history
 * server) with {@value #NODE_MANAGERS} NodeManagers of {@value #GPUS_PER_NODE} GPUs,
 * {@value #VCORES_PER_NODE} vcores and {@value #MEMORY_MB_PER_NODE} MB each, GPUs being the
 * {@code yarn.io/gpu} resource type under the DominantResourceCalculator. Queues: {@code root.default}
 * (40%) and {@code root.dl} (60%), both elastic up to 100%.
 *
 * <p>Start one per test class ({@code @BeforeAll}): it starts in about ten seconds. Stock settings
 * make it stop in about 34 s once applications ran (each NodeManager waits for its applications'
 * logs to be handled); {@link #start} sets the log hand-off so that it stops in a few seconds, and
 * keeps container logs under the cluster's work directory for an hour. The scheduler is plain {@code CapacityScheduler} unless {@code tweaks} set
 * {@value YarnConfiguration#RM_SCHEDULER}; tweaks run after the defaults, so they may override any.
 *
 * <p>{@link #start(DlClusterOptions)} builds the other ResourceManager setups of
 * {@link DlClusterOptions.ResourceManagers}: one RM that {@link #restartResourceManager()} restarts
 * with work-preserving recovery, or an HA pair that {@link #failover()} swaps; both keep their state
 * in this cluster's ZooKeeper and run in a plain {@link MiniYARNCluster} (no MapReduce).
 *
 * <p>Everything shares this JVM: resource types are static state, so {@link #start} resets them from
 * the cluster's configuration, and two clusters must not run at once.
 *
 * <p>This class starts the parts in order, stops them in reverse and hands them to tests; the parts
 * themselves are elsewhere: the settings every cluster starts from ({@link BaseClusterConfig}), those
 * of a restartable RM or an HA pair ({@link RecoverableRmConfig}, {@link FixedWebPort}), the HDFS
 * ({@link ClusterHdfs}), restarts and failovers ({@link ResourceManagerControl}), and the site files
 * for containers ({@link SiteFiles}).
 */
public final class DlMiniCluster implements AutoCloseable {

    public static final int NODE_MANAGERS = 2;
    public static final int GPUS_PER_NODE = 4;
    public static final int VCORES_PER_NODE = 8;
    public static final int MEMORY_MB_PER_NODE = 16384;
    public static final String GPU = "yarn.io/gpu";
    /** Leaf queue of deep-learning jobs. */
    public static final String DL_QUEUE = "dl";
    /** Leaf queue of everything else. */
    public static final String DEFAULT_QUEUE = "default";
    /** ZooKeeper root of yarn-dl's records in this cluster. */
    public static final String ZK_ROOT = "/yarn-dl";

    private static final String NAME = "yarn-dl-it";

    private final TestingServer zooKeeper;
    private final MiniDFSCluster hdfs;
    private final MiniYARNCluster yarn;
    private final ResourceManagerControl rmControl;
    private final CuratorFramework curator;
    private final Path workDir;
    private final Path confDir;

    private DlMiniCluster(TestingServer zooKeeper, MiniDFSCluster hdfs, MiniYARNCluster yarn,
                          ResourceManagers resourceManagers, CuratorFramework curator, Path workDir, Path confDir) {
        this.zooKeeper = zooKeeper;
        this.hdfs = hdfs;
        this.yarn = yarn;
        this.rmControl = new ResourceManagerControl(yarn, resourceManagers);
        this.curator = curator;
        this.workDir = workDir;
        this.confDir = confDir;
    }

    /**
     * Starts ZooKeeper, then YARN, and waits until every NodeManager has registered.
     *
     * @param tweaks changes to the configuration after the defaults are set, e.g. the scheduler class
     */
    public static DlMiniCluster start(Consumer<Configuration> tweaks) throws Exception {
        return start(DlClusterOptions.single().withTweaks(tweaks));
    }

    /**
     * Like {@link #start(Consumer)}, with an HDFS ({@link MiniDFSCluster}, one DataNode, WebHDFS on) as
     * the default file system: job files are staged there and checkpoints written there.
     */
    public static DlMiniCluster startWithHdfs(Consumer<Configuration> tweaks) throws Exception {
        return start(DlClusterOptions.single().withHdfs().withTweaks(tweaks));
    }

    /** Starts ZooKeeper, HDFS if asked, then YARN as {@code options} say, and waits for every NodeManager. */
    public static DlMiniCluster start(DlClusterOptions options) throws Exception {
        Objects.requireNonNull(options, "options");
        TestingServer zooKeeper = options.zooKeeper().start();
        MiniDFSCluster hdfs = null;
        MiniYARNCluster yarn = null;
        CuratorFramework curator = null;
        try {
            Configuration conf = BaseClusterConfig.create(zooKeeper.getConnectString());
            RecoverableRmConfig.apply(conf, options.resourceManagers(), zooKeeper.getConnectString());
            FixedWebPort.apply(conf, options.resourceManagers(), options.webPort());
            if (options.hdfs()) {
                hdfs = ClusterHdfs.startAsDefaultFileSystem(conf, options.hdfsSettings());
            }
            options.tweaks().accept(conf);
            // The RM and both NMs share static resource-type state in this JVM: rebuild it from this conf.
            ResourceUtils.resetResourceTypes(conf);
            ResourceUtils.resetNodeResources();

            yarn = switch (options.resourceManagers()) {
                case SINGLE -> new MiniMRYarnCluster(NAME, options.nodeManagers());
                case RESTARTABLE -> new MiniYARNCluster(NAME, 1, options.nodeManagers(), 1, 1);
                case HA_PAIR -> new MiniYARNCluster(NAME, RecoverableRmConfig.HA_IDS.size(), options.nodeManagers(), 1, 1);
            };
            if (options.resourceManagers() == ResourceManagers.HA_PAIR) {
                RecoverableRmConfig.shareConfigurationFiles(conf, workDirOf(yarn).resolve("rm-conf"));
            }
            yarn.init(conf);
            yarn.start();
            ResourceManagerControl.awaitNodeManagers(yarn, "the ResourceManager");

            Path workDir = Files.createDirectories(workDirOf(yarn));
            Path confDir = SiteFiles.write(yarn.getConfig(), workDir.resolve("conf"));

            curator = CuratorFrameworkFactory.newClient(zooKeeper.getConnectString(),
                    new ExponentialBackoffRetry(100, 3));
            curator.start();
            return new DlMiniCluster(zooKeeper, hdfs, yarn, options.resourceManagers(), curator, workDir, confDir);
        } catch (Exception | Error e) {
            closeQuietly(curator);
            if (yarn != null) {
                yarn.stop();
            }
            if (hdfs != null) {
                hdfs.shutdown();
            }
            zooKeeper.close();
            throw e;
        }
    }

    private static Path workDirOf(MiniYARNCluster yarn) {
        return yarn.getTestWorkDir().toPath().toAbsolutePath().resolve("dl");
    }

    /** Starts the cluster with the defaults only (plain CapacityScheduler). */
    public static DlMiniCluster start() throws Exception {
        return start(conf -> { });
    }

    /** The running cluster's configuration, with the real RM addresses: build YarnClients and jobs from it. */
    public Configuration yarnConf() {
        return new YarnConfiguration(yarn.getConfig());
    }

    /** A directory holding {@code yarn-site.xml} of the running cluster, for processes launched in containers. */
    public Path confDir() {
        return confDir;
    }

    /** ZooKeeper's connect string. */
    public String zkConnect() {
        return zooKeeper.getConnectString();
    }

    /** The ZooKeeper server itself, e.g. to stop and restart it under a running cluster. */
    public TestingServer zooKeeperServer() {
        return zooKeeper;
    }

    /**
     * The active ResourceManager, for looking at its scheduler directly. An HA pair's standby
     * replaces its scheduler object on every transition: look it up again after a failover.
     */
    public ResourceManager resourceManager() {
        ResourceManager active = yarn.getResourceManager();
        if (active == null) {
            throw new IllegalStateException("no ResourceManager is active");
        }
        return active;
    }

    /** The active ResourceManager's scheduler, which tests configure to be yarn-dl's. */
    public DeepLearningScheduler activeScheduler() {
        ResourceScheduler scheduler = resourceManager().getResourceScheduler();
        if (scheduler instanceof DeepLearningScheduler dl) {
            return dl;
        }
        throw new IllegalStateException("the active RM runs " + scheduler.getClass().getName() + ", not "
                + DeepLearningScheduler.class.getName() + ": set " + YarnConfiguration.RM_SCHEDULER + " in the tweaks");
    }

    /** The HA id of the active ResourceManager ({@code rm1} or {@code rm2}) of an {@link ResourceManagers#HA_PAIR}. */
    public String activeResourceManagerId() {
        return rmControl.activeResourceManagerId();
    }

    /**
     * Stops the ResourceManager of a {@link ResourceManagers#RESTARTABLE} cluster and starts a new
     * one on the same addresses, which recovers the applications from ZooKeeper; returns once every
     * NodeManager has re-registered with it (reporting its running containers, which the new RM then recovers). The
     * applications' AMs find it by themselves: they are told to re-register on their next heartbeat.
     */
    public void restartResourceManager() throws InterruptedException, YarnException {
        restartResourceManager(() -> { });
    }

    /**
     * Like {@link #restartResourceManager()}, running {@code whileStopped} after the old RM (and
     * its scheduler, which writes its last checkpoint as it stops) has stopped and before the new
     * one starts: the moment to tamper with what the new one will read.
     */
    public void restartResourceManager(Runnable whileStopped) throws InterruptedException, YarnException {
        rmControl.restart(whileStopped);
    }

    /**
     * Makes the standby of an {@link ResourceManagers#HA_PAIR} active, as an operator's forced
     * {@code yarn rmadmin -transitionToStandby/-transitionToActive} would: the active one first
     * goes to standby, so at no time are both active. Returns once every NodeManager has
     * registered with the new active RM.
     */
    public void failover() throws IOException, InterruptedException, YarnException {
        rmControl.failover();
    }

    /** The YARN mini cluster itself: a {@link MiniMRYarnCluster} for {@link ResourceManagers#SINGLE}. */
    public MiniYARNCluster yarnCluster() {
        return yarn;
    }

    /** A started Curator client on this cluster's ZooKeeper; closed by {@link #close()}. */
    public CuratorFramework curator() {
        return curator;
    }

    /** A scratch directory for the test (event logs, inputs), inside the cluster's work directory. */
    public Path workDir() {
        return workDir;
    }

    /** The HDFS of a cluster started with {@link #startWithHdfs}; throws otherwise. */
    public MiniDFSCluster hdfs() {
        if (hdfs == null) {
            throw new IllegalStateException("this cluster runs without HDFS: start it with startWithHdfs");
        }
        return hdfs;
    }

    /** Stops YARN, then HDFS, then ZooKeeper. */
    @Override
    public void close() throws IOException {
        closeQuietly(curator);
        try {
            yarn.stop();
        } finally {
            try {
                if (hdfs != null) {
                    hdfs.shutdown();
                }
            } finally {
                zooKeeper.close();
            }
        }
    }

    private static void closeQuietly(CuratorFramework client) {
        if (client != null) {
            client.close();
        }
    }
}
