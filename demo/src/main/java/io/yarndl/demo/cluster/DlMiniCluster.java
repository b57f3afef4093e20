package io.yarndl.demo.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import io.yarndl.demo.cluster.DlClusterOptions.ResourceManagers;
import io.yarndl.yarn.DeepLearningScheduler;
import org.apache.hadoop.ha.HAServiceProtocol;
import org.apache.hadoop.ha.HAServiceProtocol.HAServiceState;
import org.apache.hadoop.ha.HAServiceProtocol.RequestSource;
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
    private static final String CS_PREFIX = "yarn.scheduler.capacity.";
    private static final long NODE_REGISTRATION_TIMEOUT_MS = 30_000;

    private final TestingServer zooKeeper;
    private final MiniDFSCluster hdfs;
    private final MiniYARNCluster yarn;
    private final ResourceManagers resourceManagers;
    private final CuratorFramework curator;
    private final Path workDir;
    private final Path confDir;

    private DlMiniCluster(TestingServer zooKeeper, MiniDFSCluster hdfs, MiniYARNCluster yarn,
                          ResourceManagers resourceManagers, CuratorFramework curator, Path workDir, Path confDir) {
        this.zooKeeper = zooKeeper;
        this.hdfs = hdfs;
        this.yarn = yarn;
        this.resourceManagers = resourceManagers;
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
            Configuration conf = defaults(zooKeeper.getConnectString());
            RecoverableRmConfig.apply(conf, options.resourceManagers(), zooKeeper.getConnectString());
            FixedWebPort.apply(conf, options.resourceManagers(), options.webPort());
            if (options.hdfs()) {
                // A folder of its own: the default (test.build.data/dfs) is shared by every cluster started
                // from the same working folder, and the builder formats it, wiping another one's blocks.
                Path dataDir = Files.createDirectories(Path.of(System.getProperty("test.build.data", "target/test/data")));
                conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, Files.createTempDirectory(dataDir, "dfs-").toString());
                options.hdfsSettings().accept(conf);
                hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
                hdfs.waitActive();
                conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, hdfs.getURI().toString());
                // Written into the yarn-site.xml containers read: the Python helper reaches HDFS through it.
                conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY,
                        "127.0.0.1:" + hdfs.getNameNode().getHttpAddress().getPort());
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
            awaitNodeManagers(yarn, "the ResourceManager");

            Path workDir = Files.createDirectories(workDirOf(yarn));
            Path confDir = writeSiteFile(yarn.getConfig(), workDir.resolve("conf"));

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

    private static Configuration defaults(String zkConnect) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.RM_SCHEDULER,
                "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler");
        conf.set(YarnConfiguration.RESOURCE_TYPES, GPU);
        conf.set(CS_PREFIX + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
        conf.set(CS_PREFIX + "root.queues", DEFAULT_QUEUE + "," + DL_QUEUE);
        conf.set(CS_PREFIX + "root." + DEFAULT_QUEUE + ".capacity", "40");
        conf.set(CS_PREFIX + "root." + DEFAULT_QUEUE + ".maximum-capacity", "100");
        conf.set(CS_PREFIX + "root." + DL_QUEUE + ".capacity", "60");
        conf.set(CS_PREFIX + "root." + DL_QUEUE + ".maximum-capacity", "100");
        // One test user may fill the DL queue up to its maximum, not only up to its 60% share.
        conf.set(CS_PREFIX + "root." + DL_QUEUE + ".user-limit-factor", "2");
        // Room for several ApplicationMasters in tests that run many small jobs.
        conf.set(CS_PREFIX + "maximum-am-resource-percent", "0.5");

        // Every NodeManager is localhost here: without the port all nodes share one name.
        conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, true);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, MEMORY_MB_PER_NODE);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, VCORES_PER_NODE);
        conf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, 200);
        conf.set(YarnConfiguration.RM_ZK_ADDRESS, zkConnect);

        // MiniYARNCluster overwrites yarn.nodemanager.resource.memory-mb with this key's value (default 4096).
        conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, MEMORY_MB_PER_NODE);
        conf.setInt(YarnConfiguration.NM_PMEM_MB, MEMORY_MB_PER_NODE);
        conf.setInt(YarnConfiguration.NM_VCORES, VCORES_PER_NODE);
        // Read by ResourceUtils.getNodeResourceInformation: no GPU plugin, the NM advertises this amount.
        conf.setInt(YarnConfiguration.NM_RESOURCES_PREFIX + GPU, GPUS_PER_NODE);
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        // A nearly full build disk must not mark the nodes unhealthy.
        conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100.0f);
        // A NodeManager keeps an application until its logs are "handled", which without log aggregation
        // means deleted after log.retain-seconds (3 h); stopping it then waits about 17 s per node (7 s for
        // applications, 10 s for the log deleter). Hand logs off after 1 s instead, and let the deletion
        // service keep the files an hour (it drops delayed deletions when it stops), so container logs
        // stay under target/ for post-mortems.
        conf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 1);
        conf.setInt(YarnConfiguration.DEBUG_NM_DELETE_DELAY_SEC, 3600);
        // Containers (MapReduce's included) run $JAVA_HOME/bin/java; NodeManagers pass on their own
        // JAVA_HOME, which a Maven fork often lacks. Only then set it: admin-env values are appended
        // to an existing variable with ':', so setting it twice yields a broken path.
        if (System.getenv("JAVA_HOME") == null) {
            conf.set(YarnConfiguration.NM_ADMIN_USER_ENV,
                    YarnConfiguration.DEFAULT_NM_ADMIN_USER_ENV + ",JAVA_HOME=" + System.getProperty("java.home"));
        }
        return conf;
    }

    /**
     * Writes the whole configuration as yarn-site.xml, core-site.xml and hdfs-site.xml: Hadoop loads
     * hdfs-default.xml after yarn-site.xml once HDFS classes are touched, so dfs.* keys (the
     * NameNode's HTTP address) only hold when hdfs-site.xml carries them, as on a real cluster.
     */
    private static Path writeSiteFile(Configuration conf, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String name : new String[] {"yarn-site.xml", "core-site.xml", "hdfs-site.xml"}) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
                conf.writeXml(out);
            }
        }
        return dir;
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
        requireSetup(ResourceManagers.HA_PAIR, "activeResourceManagerId");
        return RecoverableRmConfig.HA_IDS.get(activeIndex());
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
        requireSetup(ResourceManagers.RESTARTABLE, "restartResourceManager");
        yarn.stopResourceManager(0);
        whileStopped.run();
        yarn.restartResourceManager(0);
        awaitNodeManagers(yarn, "the restarted ResourceManager");
    }

    /**
     * Makes the standby of an {@link ResourceManagers#HA_PAIR} active, as an operator's forced
     * {@code yarn rmadmin -transitionToStandby/-transitionToActive} would: the active one first
     * goes to standby, so at no time are both active. Returns once every NodeManager has
     * registered with the new active RM.
     */
    public void failover() throws IOException, InterruptedException, YarnException {
        requireSetup(ResourceManagers.HA_PAIR, "failover");
        int from = activeIndex();
        int to = 1 - from;
        HAServiceProtocol.StateChangeRequestInfo byOperator =
                new HAServiceProtocol.StateChangeRequestInfo(RequestSource.REQUEST_BY_USER_FORCED);
        yarn.getResourceManager(from).getRMContext().getRMAdminService().transitionToStandby(byOperator);
        yarn.getResourceManager(to).getRMContext().getRMAdminService().transitionToActive(byOperator);
        awaitNodeManagers(yarn, RecoverableRmConfig.HA_IDS.get(to) + " after the failover");
    }

    private int activeIndex() {
        for (int i = 0; i < yarn.getNumOfResourceManager(); i++) {
            ResourceManager rm = yarn.getResourceManager(i);
            if (rm != null && rm.getRMContext().getHAServiceState() == HAServiceState.ACTIVE) {
                return i;
            }
        }
        throw new IllegalStateException("no ResourceManager is active");
    }

    private static void awaitNodeManagers(MiniYARNCluster yarn, String rm) throws InterruptedException, YarnException {
        if (!yarn.waitForNodeManagersToConnect(NODE_REGISTRATION_TIMEOUT_MS)) {
            throw new IllegalStateException("the NodeManagers did not register with " + rm + " within "
                    + NODE_REGISTRATION_TIMEOUT_MS + " ms");
        }
    }

    private void requireSetup(ResourceManagers needed, String operation) {
        if (resourceManagers != needed) {
            throw new IllegalStateException(operation + " needs a cluster started with ResourceManagers." + needed
                    + ", this one has " + resourceManagers);
        }
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
