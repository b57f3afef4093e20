package io.yarndl.it.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * yarn-dl deployed as an operator deploys it, every part its own process: a Hadoop 3.5.0
 * installation laid out from Maven Central's jars, ZooKeeper, one ResourceManager with the
 * scheduler's {@code -rm.jar} on its {@code HADOOP_CLASSPATH} and two NodeManagers of 4 GPUs, all
 * configured with the shipped conf/ merged as the README's install section says. Jobs go through
 * the client as a user runs it ({@code yarn jar yarn-dl-am.jar ...}: Hadoop's client jars and
 * yarn-dl-am.jar, nothing else), and containers get the stock {@code yarn.application.classpath}.
 *
 * <p>Workers ask for 3 GPUs, so each node holds one: two elastic jobs (1 to 2 workers) must share
 * the two, and each grows when the other leaves room. The ResourceManager is killed with SIGKILL
 * mid-training and restarted with the same configuration: the jobs keep their containers and
 * succeed. A MapReduce sleep job in {@code root.default} runs beside them.
 *
 * <p>Each step is one line starting {@code DEPLOY}; the processes' logs stay under
 * {@code target/deploy-<time>/logs}, and their tails are printed when the test fails.
 */
class RealHadoopDeploymentTest {

    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(4);
    private static final Duration RESTART_TIMEOUT = Duration.ofMinutes(2);
    private static final long STARTED = System.nanoTime();

    @Test
    void elasticJobsResizeAndSucceedBesideANonDlAppAndKeepTheirContainersThroughAnRmKill() throws Exception {
        Path runDir = Files.createDirectories(Path.of("target", "deploy-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))).toAbsolutePath());
        step("starting ZooKeeper, a ResourceManager and " + HadoopProcesses.NODE_MANAGERS + " NodeManagers in "
                + runDir);
        try (HadoopProcesses cluster = HadoopProcesses.start(HadoopLayout.fromBuild(), ShippedConf.fromBuild(),
                jar("yarndl.rm.jar"), runDir)) {
            try {
                run(cluster);
            } catch (Throwable failure) {
                System.out.println("DEPLOY failed; the processes' last log lines:" + cluster.tails(40));
                throw failure;
            }
        }
        step("all processes stopped");
    }

    private void run(HadoopProcesses cluster) throws Exception {
        step("processes up: ZooKeeper " + cluster.zkAddress() + ", ResourceManager, "
                + HadoopProcesses.NODE_MANAGERS + " NodeManagers RUNNING");
        RmRest rest = cluster.rest();
        YarnDlClient client = new YarnDlClient(cluster, jar("yarndl.am.jar"));
        try (SizeWatcher sizes = SizeWatcher.start(rest)) {
            String first = client.submit(ddp("deploy-first", 2, 14, 40));
            JavaProcess sleepJob = MapReduceSleepJob.start(cluster);
            step("submitted " + first + " (ddp_cnn.py, 1-2 workers) to root.dl and a MapReduce sleep job to root.default");
            sizes.await(first, s -> s.contains(2), "to grow to 2 workers", STEP_TIMEOUT);
            String second = client.submit(ddp("deploy-second", 2, 20, 40));
            step("submitted " + second + " (ddp_cnn.py, 1-2 workers); " + first + " holds 2 workers");

            String sleepApp = MapReduceSleepJob.awaitSucceeded(sleepJob, rest, STEP_TIMEOUT);
            step("non-DL application " + sleepApp + " (MapReduce sleep job) SUCCEEDED in root.default while the DL jobs ran");

            sizes.await(first, s -> SizeWatcher.changed(s, 2, 1), "to shrink to 1 worker", STEP_TIMEOUT);
            sizes.await(second, s -> s.contains(1), "to start with 1 worker", STEP_TIMEOUT);
            step("resize seen: " + first + " " + sizes.sizes(first) + ", " + second + " " + sizes.sizes(second));

            Set<String> firstContainers = rest.containers(first);
            Set<String> secondContainers = rest.containers(second);
            cluster.killResourceManager();
            step("ResourceManager killed with SIGKILL; " + first + " held " + firstContainers + ", " + second
                    + " held " + secondContainers);
            cluster.startResourceManager();
            step("ResourceManager back (same shipped configuration), active");
            cluster.awaitNodes(RESTART_TIMEOUT);
            HadoopProcesses.await("the restarted RM to list the containers held before the kill", RESTART_TIMEOUT,
                    () -> rest.containers(first).containsAll(firstContainers)
                            && rest.containers(second).containsAll(secondContainers));
            assertEquals("RUNNING", rest.state(first));
            assertEquals("RUNNING", rest.state(second));
            step("NodeManagers re-registered; both jobs RUNNING with the same containers: " + rest.containers(first)
                    + ", " + rest.containers(second));

            checkStatusListAndKill(client, rest, first, second);

            awaitSucceeded(rest, first);
            sizes.await(second, s -> SizeWatcher.changed(s, 1, 2), "to grow to 2 workers once " + first + " ended",
                    STEP_TIMEOUT);
            awaitSucceeded(rest, second);
            step("jobs SUCCEEDED: " + first + " held " + sizes.sizes(first) + " workers, " + second + " held "
                    + sizes.sizes(second));
        }
    }

    /** status reaches the running second job's AM, list shows every job, kill ends a third job. */
    private void checkStatusListAndKill(YarnDlClient client, RmRest rest, String first, String second)
            throws Exception {
        String third = client.submit(ddp("deploy-killed", 1, 1, 10));
        YarnDlClient.Result list = client.run(List.of("list", "--all"));
        assertEquals(0, list.exit(), list.output());
        for (String app : List.of(first, second, third)) {
            assertTrue(list.output().contains(app), app + " not listed:\n" + list.output());
        }
        YarnDlClient.Result status = client.run(List.of("status", second));
        assertEquals(0, status.exit(), status.output());
        assertTrue(status.output().contains("State:        RUNNING"), status.output());
        assertTrue(status.output().contains("AM status ("), "status did not reach the AM:\n" + status.output());
        YarnDlClient.Result kill = client.run(List.of("kill", third));
        assertEquals(0, kill.exit(), kill.output());
        assertTrue(kill.output().contains("Killed application " + third), kill.output());
        HadoopProcesses.await(third + " KILLED", STEP_TIMEOUT, () -> "KILLED".equals(rest.state(third)));
        step("status reached " + second + "'s AM, list --all showed the three jobs, kill ended " + third);
    }

    private static void awaitSucceeded(RmRest rest, String app) throws InterruptedException {
        HadoopProcesses.await(app + " to finish", STEP_TIMEOUT, () -> !"UNDEFINED".equals(rest.finalStatus(app))
                && !"UNKNOWN".equals(rest.finalStatus(app)));
        assertEquals("SUCCEEDED", rest.finalStatus(app), app + ": " + rest.app(app).map(Object::toString).orElse(""));
    }

    /** An elastic ddp_cnn.py job of 1 to {@code maxWorkers} workers of 3 GPUs each, flags as in the README's submit example. */
    private static List<String> ddp(String name, int maxWorkers, int epochs, int stepsPerEpoch) {
        String examples = System.getProperty("yarndl.examples");
        return new ArrayList<>(List.of("--name", name, "--queue", "dl", "--framework", "pytorch",
                "--min-workers", "1", "--max-workers", Integer.toString(maxWorkers), "--gpus-per-worker", "3",
                "--memory", "1g", "--vcores", "1", "--am-memory", "512m",
                "--epochs", Integer.toString(epochs), "--steps-per-epoch", Integer.toString(stepsPerEpoch),
                "--python", "/usr/bin/python3", "--max-failures", "3", "--checkpoint-timeout", "10s",
                "--script", Path.of(examples, "ddp_cnn.py").toAbsolutePath().toString(),
                "--", "--min-step-seconds", "0.25", "--checkpoint-every", "20"));
    }

    private static Path jar(String property) {
        String configured = System.getProperty(property);
        assertTrue(configured != null, "system property " + property + " is not set (run through Maven)");
        Path jar = Path.of(configured).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), jar + " is missing: package the reactor first (mvn -B verify)");
        return jar;
    }

    private static void step(String what) {
        long s = Duration.ofNanos(System.nanoTime() - STARTED).toSeconds();
        System.out.printf("DEPLOY [%d:%02d] %s%n", s / 60, s % 60, what);
    }
}
