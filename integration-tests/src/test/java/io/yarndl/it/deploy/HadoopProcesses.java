package io.yarndl.it.deploy;

import io.yarndl.it.deploy.ShippedConf.Role;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;

/**
 * ZooKeeper, one ResourceManager and {@value #NODE_MANAGERS} NodeManagers, each its own JVM on
 * 127.0.0.1, run from the {@link HadoopLayout} with configuration folders that {@link ShippedConf}
 * builds from the shipped conf/ and this class's addresses, ports and folders. The yarn-dl
 * scheduler's {@code -rm.jar} is on the ResourceManager's classpath only, as {@code HADOOP_CLASSPATH}
 * puts it there.
 *
 * <p>{@link #close()} stops everything it started, containers included, even after a failure.
 */
final class HadoopProcesses implements AutoCloseable {

    static final int NODE_MANAGERS = 2;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final HadoopLayout layout;
    private final Path runDir;
    private final Path rmJar;
    private final FreePorts ports;
    private final Map<String, String> rmAddresses = new LinkedHashMap<>();
    private final String zkAddress;
    private final Path rmConf;
    private final Path clientConf;
    private final List<JavaProcess> processes = new ArrayList<>();
    private JavaProcess resourceManager;
    private int rmStarts;

    private HadoopProcesses(HadoopLayout layout, Path runDir, Path rmJar, ShippedConf shipped) throws IOException {
        this.layout = layout;
        this.runDir = runDir;
        this.rmJar = rmJar;
        this.ports = FreePorts.pick(1 + 5 + 4 * NODE_MANAGERS);
        this.zkAddress = ports.address();
        rmAddresses.put("yarn.resourcemanager.hostname", "127.0.0.1");
        for (String key : List.of("yarn.resourcemanager.address", "yarn.resourcemanager.scheduler.address",
                "yarn.resourcemanager.resource-tracker.address", "yarn.resourcemanager.admin.address",
                "yarn.resourcemanager.webapp.address")) {
            rmAddresses.put(key, ports.address());
        }
        Map<String, String> rmSite = common("rm");
        rmSite.put(ShippedConf.ZK_ADDRESS, zkAddress);
        this.rmConf = shipped.write(Role.RESOURCE_MANAGER, rmSite, runDir.resolve("conf/rm"));
        // Clients pass the ZooKeeper address to the jobs' AMs (the fragment says edge nodes need it).
        Map<String, String> clientSite = common("client");
        clientSite.put(ShippedConf.ZK_ADDRESS, zkAddress);
        this.clientConf = shipped.write(Role.CLIENT, clientSite, runDir.resolve("conf/client"));
        writeMapRedSite(clientConf);
        for (int i = 1; i <= NODE_MANAGERS; i++) {
            Map<String, String> nmSite = common("nm" + i);
            Path nmDir = runDir.resolve("nm" + i);
            nmSite.put("yarn.nodemanager.address", ports.address());
            nmSite.put("yarn.nodemanager.localizer.address", ports.address());
            nmSite.put("yarn.nodemanager.webapp.address", ports.address());
            nmSite.put("yarn.nodemanager.local-dirs", nmDir.resolve("local").toString());
            nmSite.put("yarn.nodemanager.log-dirs", nmDir.resolve("logs").toString());
            // MapReduce's shuffle, which every MapReduce task container names (the non-DL application).
            nmSite.put("yarn.nodemanager.aux-services", "mapreduce_shuffle");
            nmSite.put("yarn.nodemanager.aux-services.mapreduce_shuffle.class", "org.apache.hadoop.mapred.ShuffleHandler");
            Path nmConf = shipped.write(Role.NODE_MANAGER, nmSite, runDir.resolve("conf/nm" + i));
            // In mapred-site.xml: ShuffleHandler's configuration loads mapred-default.xml after yarn-site.xml.
            writeSite(nmConf.resolve("mapred-site.xml"), Map.of("mapreduce.shuffle.port", Integer.toString(ports.next())));
        }
    }

    /**
     * MapReduce on YARN as Hadoop's single-node setup configures it: its containers find the
     * MapReduce jars through HADOOP_MAPRED_HOME; staging in this run's folder.
     */
    private void writeMapRedSite(Path dir) throws IOException {
        Map<String, String> mapred = new LinkedHashMap<>();
        mapred.put("mapreduce.framework.name", "yarn");
        String home = "HADOOP_MAPRED_HOME=" + layout.home();
        for (String key : List.of("yarn.app.mapreduce.am.env", "mapreduce.map.env", "mapreduce.reduce.env")) {
            mapred.put(key, home);
        }
        mapred.put("yarn.app.mapreduce.am.staging-dir", runDir.resolve("mr-staging").toString());
        writeSite(dir.resolve("mapred-site.xml"), mapred);
    }

    private static void writeSite(Path file, Map<String, String> properties) throws IOException {
        Configuration site = new Configuration(false);
        properties.forEach(site::set);
        try (OutputStream out = Files.newOutputStream(file)) {
            site.writeXml(out);
        }
    }

    /**
     * What every process's yarn-site.xml holds besides the shipped files: where the RM is, its own
     * scratch folder, and the three settings a single test host needs (each says why).
     */
    private Map<String, String> common(String process) {
        Map<String, String> site = new LinkedHashMap<>(rmAddresses);
        site.put("hadoop.tmp.dir", runDir.resolve("tmp/" + process).toString());
        // Two NodeManagers on one host: without the port both would have the scheduler node name 127.0.0.1.
        site.put("yarn.scheduler.include-port-in-node-name", "true");
        // The NM's virtual-memory check (2.1 x the container's memory) kills JVMs and PyTorch processes for
        // address space they reserve but never use; most installations turn it off, and it is not yarn-dl's.
        site.put("yarn.nodemanager.vmem-check-enabled", "false");
        // A nearly full build disk must not mark the nodes unhealthy.
        site.put("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "100.0");
        return site;
    }

    /** Starts ZooKeeper, the ResourceManager and the NodeManagers; returns once all nodes are RUNNING. */
    static HadoopProcesses start(HadoopLayout layout, ShippedConf shipped, Path rmJar, Path runDir) throws Exception {
        HadoopProcesses cluster = new HadoopProcesses(layout, runDir, rmJar, shipped);
        try {
            cluster.startZooKeeper();
            // All three at once: NodeManagers keep trying until the ResourceManager answers.
            cluster.launchResourceManager();
            for (int i = 1; i <= NODE_MANAGERS; i++) {
                cluster.startNodeManager(i);
            }
            cluster.awaitActiveResourceManager();
            cluster.awaitNodes(START_TIMEOUT);
            return cluster;
        } catch (Exception | Error e) {
            System.out.println("DEPLOY the processes did not start; their last log lines:" + cluster.tails(40));
            cluster.close();
            throw e;
        }
    }

    private void startZooKeeper() throws Exception {
        Path dir = Files.createDirectories(runDir.resolve("zk"));
        int port = Integer.parseInt(zkAddress.substring(zkAddress.lastIndexOf(':') + 1));
        Path cfg = dir.resolve("zoo.cfg");
        Files.writeString(cfg, String.join("\n", "tickTime=2000", "dataDir=" + dir.resolve("data"),
                "clientPort=" + port, "clientPortAddress=127.0.0.1", "admin.enableServer=false", ""));
        Path log4j = Files.writeString(dir.resolve("log4j.properties"), ShippedConf.BASE_LOG4J);
        processes.add(JavaProcess.start("zookeeper", layout.clientClasspath(dir),
                List.of("-Xmx128m", "-Dlog4j.configuration=" + log4j.toUri()),
                "org.apache.zookeeper.server.quorum.QuorumPeerMain", List.of(cfg.toString()), Map.of(),
                runDir.resolve("logs/zookeeper.log")));
        await("ZooKeeper listening on " + zkAddress, START_TIMEOUT, () -> listening(port));
    }

    /** Starts a ResourceManager (again, after {@link #killResourceManager()}) and waits until it is active. */
    void startResourceManager() throws Exception {
        launchResourceManager();
        awaitActiveResourceManager();
    }

    private void launchResourceManager() throws IOException {
        rmStarts++;
        resourceManager = JavaProcess.start("resourcemanager-" + rmStarts,
                layout.resourceManagerClasspath(rmConf, rmJar), List.of("-Xmx512m"),
                "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager", List.of(),
                layout.environment(rmConf), runDir.resolve("logs/resourcemanager-" + rmStarts + ".log"));
        processes.add(resourceManager);
    }

    private void awaitActiveResourceManager() throws InterruptedException {
        RmRest rest = rest();
        await("the ResourceManager to be active", START_TIMEOUT, rest::active);
    }

    private void startNodeManager(int i) throws IOException {
        Path conf = runDir.resolve("conf/nm" + i);
        processes.add(JavaProcess.start("nodemanager-" + i, layout.nodeManagerClasspath(conf),
                List.of("-Xmx256m"), "org.apache.hadoop.yarn.server.nodemanager.NodeManager", List.of(),
                layout.environment(conf), runDir.resolve("logs/nodemanager-" + i + ".log")));
    }

    /** SIGKILL to the ResourceManager, as {@code kill -9 <pid>}. */
    void killResourceManager() throws InterruptedException {
        resourceManager.killHard();
    }

    /** Waits until every NodeManager is registered and RUNNING with the current ResourceManager. */
    void awaitNodes(Duration timeout) throws InterruptedException {
        RmRest rest = rest();
        await(NODE_MANAGERS + " NodeManagers RUNNING", timeout, () -> rest.runningNodes() == NODE_MANAGERS);
    }

    RmRest rest() {
        return new RmRest(rmAddresses.get("yarn.resourcemanager.webapp.address"));
    }

    String zkAddress() {
        return zkAddress;
    }

    Path clientConf() {
        return clientConf;
    }

    HadoopLayout layout() {
        return layout;
    }

    Path runDir() {
        return runDir;
    }

    /** The last {@code lines} lines of every process's log, for a failure report. */
    String tails(int lines) {
        StringBuilder out = new StringBuilder();
        for (JavaProcess p : processes) {
            out.append("\n===== ").append(p.name()).append(" (").append(p.log()).append(") =====\n")
                    .append(p.tail(lines)).append('\n');
        }
        return out.toString();
    }

    /**
     * NodeManagers first, with SIGTERM (each kills its containers as it stops), then the RM and
     * ZooKeeper; then any process still running in or from this run's folders (a container that an
     * NM killed by force left behind: containers run in their own session, in the NM's local dirs).
     */
    @Override
    public void close() throws InterruptedException {
        List<JavaProcess> nodeManagers = processes.stream().filter(p -> p.name().startsWith("nodemanager")).toList();
        nodeManagers.forEach(JavaProcess::signalStop);
        for (JavaProcess p : nodeManagers) {
            p.stop(STOP_GRACE);
        }
        for (JavaProcess p : processes) {
            p.stop(STOP_GRACE);
        }
        String marker = runDir.toString();
        ProcessHandle.allProcesses()
                .filter(h -> h.pid() != ProcessHandle.current().pid())
                .filter(h -> h.info().commandLine().map(c -> c.contains(marker)).orElse(false)
                        || workingDirectory(h).startsWith(marker))
                .forEach(ProcessHandle::destroyForcibly);
    }

    /** The process's working directory (Linux), or "" when it cannot be read. */
    private static String workingDirectory(ProcessHandle process) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd")).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException gone) {
            return "";
        }
    }

    static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
            Thread.sleep(500);
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }
}
