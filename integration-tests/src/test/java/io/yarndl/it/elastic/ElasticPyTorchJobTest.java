package io.yarndl.it.elastic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.am.cli.YarnDlJob;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.it.support.MiniClusterExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.SignalContainerCommand;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Real PyTorch jobs, submitted through the client's main class, in a real ResourceManager running the
 * DeepLearningScheduler ({@code optimus}), with HDFS for job files and checkpoints and a real
 * ZooKeeper: an all-reduce DDP job grows and shrinks while it trains, survives the loss of a worker
 * container, and a parameter-server job trains with 2 workers and 1 server.
 *
 * <p>Workers ask for 3 of a node's 4 GPUs, so the two nodes hold two workers in all: a job alone can
 * have both, and a second job can only start if the first gives one back.
 */
class ElasticPyTorchJobTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(240);
    private static final long GRACE_MS = 20_000;
    private static final Set<YarnApplicationState> ENDED =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.startWithHdfs(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, "optimus");
            // The resize-cost rule at its defaults: these jobs train for about a minute, and doubling one
            // saves about 24 s, more than the 5 s a restart is assumed to cost before the first is measured.
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
            conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, GRACE_MS);
        }));
    private static YarnClient yarn;

    private static DlMiniCluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void startCluster() throws Exception {
        yarn = YarnClient.createYarnClient();
        yarn.init(cluster().yarnConf());
        yarn.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (yarn != null) {
            yarn.stop();
        }
    }

    @Test
    void ddpJobGrowsToTwoWorkersThenShrinksToOneWhenASecondJobArrivesResumingFromItsCheckpoints()
            throws Exception {
        // --keep-staging: its checkpoints, in the staging directory by default, are checked after it ends.
        ApplicationId first = submit(ddp("ddp-elastic", 1, 2, "--epochs", "6", "--steps-per-epoch", "40",
                "--keep-staging"), "--min-step-seconds", "0.2");
        try (ProgressRecorder progress = new ProgressRecorder(cluster().curator(), DlMiniCluster.ZK_ROOT,
                first.toString())) {
            progress.await(TIMEOUT, s -> s.stream().anyMatch(p -> p.workers() == 2), "the job to grow to 2 workers");
            assertStatusReachesTheAm(first);

            ApplicationId second = submit(ddp("ddp-second", 1, 1, "--epochs", "1", "--steps-per-epoch", "30"),
                    "--min-step-seconds", "0.1");
            List<ProgressSample> shrunk = progress.await(TIMEOUT, ElasticPyTorchJobTest::grewThenShrank,
                    "the first job to shrink back to 1 worker");

            assertSucceeded(awaitEnd(second));
            awaitStagingRemoved(second);
            assertSucceeded(awaitEnd(first));

            List<ProgressSample> samples = progress.samples();
            List<Integer> sizes = ProgressRecorder.worldSizes(samples);
            System.out.println("ddp-elastic world sizes in order: " + sizes + ", " + samples.size() + " samples");
            assertTrue(grewThenShrank(shrunk), "world sizes " + sizes);
            for (int i = 1; i < samples.size(); i++) {
                assertTrue(samples.get(i).step() > samples.get(i - 1).step(), "the step went backwards at sample "
                        + i + ": " + samples.get(i - 1) + " then " + samples.get(i));
            }
            assertTrue(samples.get(samples.size() - 1).loss() < samples.get(0).loss(),
                    "loss did not fall: first " + samples.get(0) + ", last " + samples.get(samples.size() - 1));

            AmEventLog events = AmEventLog.of(cluster().yarnCluster().getTestWorkDir().toPath(), first.toString());
            assertFalse(events.of("CHECKPOINTED").isEmpty(), events.format());
            // Resumed, not restarted: the first step of every later generation is past the first generation's.
            long firstStep = samples.get(0).step();
            for (JsonNode resumed : events.of("TRAINING_RESUMED")) {
                if (resumed.path("generation").asInt() > 1) {
                    long step = Long.parseLong(resumed.path("detail").asText().replaceAll("^step (\\d+).*", "$1"));
                    assertTrue(step > firstStep, "generation " + resumed.path("generation") + " started at step "
                            + step + ": " + events.format());
                }
            }
            assertFalse(checkpointsOnHdfs(first).isEmpty(), "no checkpoint.pt of " + first + " on HDFS");
            reportResizeTimes(first, events);
        }
    }

    @Test
    void aKilledWorkerContainerIsReplacedAndTheJobResumesFromItsLastCheckpoint() throws Exception {
        ApplicationId app = submit(ddp("ddp-killed", 1, 1, "--epochs", "3", "--steps-per-epoch", "40"),
                "--min-step-seconds", "0.2", "--checkpoint-every", "10");
        try (ProgressRecorder progress = new ProgressRecorder(cluster().curator(), DlMiniCluster.ZK_ROOT,
                app.toString())) {
            JsonNode status = awaitStatus(app, s -> s.path("checkpoint_step").asLong() >= 10);
            String worker = status.path("workers").get(0).asText();
            long checkpointAtKill = status.path("checkpoint_step").asLong();
            yarn.signalToContainer(ContainerId.fromString(worker), SignalContainerCommand.FORCEFUL_SHUTDOWN);

            assertSucceeded(awaitEnd(app));

            AmEventLog events = AmEventLog.of(cluster().yarnCluster().getTestWorkDir().toPath(), app.toString());
            assertFalse(events.of("GENERATION_FAILED").isEmpty(), events.format());
            assertTrue(events.of("GRANTED").size() >= 2, "no replacement container: " + events.format());
            JsonNode resumed = events.of("TRAINING_RESUMED").get(events.of("TRAINING_RESUMED").size() - 1);
            long resumedAt = Long.parseLong(resumed.path("detail").asText().replaceAll("^step (\\d+).*", "$1"));
            assertTrue(resumedAt > checkpointAtKill && resumedAt > 1,
                    "after the kill training restarted at step " + resumedAt + ", the checkpoint was at "
                            + checkpointAtKill + ": " + events.format());
            List<ProgressSample> samples = progress.samples();
            for (int i = 1; i < samples.size(); i++) {
                assertTrue(samples.get(i).step() > samples.get(i - 1).step(), "the step went backwards");
            }
        }
    }

    /**
     * Issue 17 item 2: the AM's container is killed mid-training, after a checkpoint. Submitted with
     * the default {@code --max-am-attempts} (2): the RM starts a second attempt, which takes over,
     * resumes from the last checkpoint and the job SUCCEEDS. Before the change (one attempt) the
     * application FAILED here.
     */
    @Test
    void aKilledApplicationMasterIsReplacedByASecondAttemptThatResumesFromTheLastCheckpoint() throws Exception {
        ApplicationId app = submit(ddp("ddp-am-killed", 1, 1, "--epochs", "2", "--steps-per-epoch", "40"),
                "--min-step-seconds", "0.2", "--checkpoint-every", "10");
        try (ProgressRecorder progress = new ProgressRecorder(cluster().curator(), DlMiniCluster.ZK_ROOT,
                app.toString())) {
            JsonNode status = awaitStatus(app, s -> s.path("checkpoint_step").asLong() >= 10);
            long checkpointAtKill = status.path("checkpoint_step").asLong();
            ApplicationAttemptId firstAttempt = yarn.getApplicationReport(app).getCurrentApplicationAttemptId();
            ContainerId firstAm = yarn.getApplicationAttemptReport(firstAttempt).getAMContainerId();
            long killedMs = System.currentTimeMillis();
            yarn.signalToContainer(firstAm, SignalContainerCommand.FORCEFUL_SHUTDOWN);

            assertSucceeded(awaitEnd(app));

            ApplicationAttemptId lastAttempt = yarn.getApplicationReport(app).getCurrentApplicationAttemptId();
            assertEquals(2, lastAttempt.getAttemptId(), "attempts " + yarn.getApplicationAttempts(app));
            ContainerId secondAm = yarn.getApplicationAttemptReport(lastAttempt).getAMContainerId();
            AmEventLog events = AmEventLog.of(cluster().yarnCluster().getTestWorkDir().toPath(), secondAm.toString());
            assertTrue(events.of("AM_RESTARTED").size() == 1
                    && events.of("AM_RESTARTED").get(0).path("detail").asText().startsWith("attempt 2"),
                    events.format());
            // The second attempt's trainers resumed past the checkpoint that existed when the AM died
            // (later ones may have followed before the old trainers were stopped).
            JsonNode resumed = events.of("TRAINING_RESUMED").get(0);
            long resumedAt = Long.parseLong(resumed.path("detail").asText().replaceAll("^step (\\d+).*", "$1"));
            assertTrue(resumedAt > checkpointAtKill, "the second attempt restarted training at step " + resumedAt
                    + ", the checkpoint was at " + checkpointAtKill + ": " + events.format());
            List<ProgressSample> samples = progress.samples();
            for (int i = 1; i < samples.size(); i++) {
                assertTrue(samples.get(i).step() > samples.get(i - 1).step(), "the published step went back: "
                        + samples.get(i - 1) + " then " + samples.get(i));
            }
            System.out.println("AM-RESTART " + app + ": checkpoint at step " + checkpointAtKill
                    + " when the AM was killed; attempt 2 registered after "
                    + (events.of("AM_RESTARTED").get(0).path("timeMs").asLong() - killedMs) + " ms and resumed at step "
                    + resumedAt + " after " + (resumed.path("timeMs").asLong() - killedMs) + " ms; "
                    + samples.size() + " samples published, last step " + samples.get(samples.size() - 1).step());
        }
    }

    @Test
    void parameterServerJobTrainsWithTwoWorkersAndOneServer() throws Exception {
        ApplicationId app = submit(List.of("--name", "ps-rpc", "--architecture", "ps",
                "--min-workers", "2", "--max-workers", "2", "--gpus-per-worker", "1",
                "--min-servers", "1", "--max-servers", "1", "--server-memory", "512m", "--server-vcores", "1",
                "--memory", "768m", "--vcores", "1", "--steps", "60",
                "--script", examples().resolve("ps_rpc.py").toString()));
        try (ProgressRecorder progress = new ProgressRecorder(cluster().curator(), DlMiniCluster.ZK_ROOT,
                app.toString())) {
            assertSucceeded(awaitEnd(app));
            List<ProgressSample> samples = progress.samples();
            assertFalse(samples.isEmpty(), "the PS job published no progress");
            assertTrue(samples.stream().allMatch(s -> s.workers() == 2 && s.ps() == 1), samples.toString());
            // Asynchronous SGD on two busy cores: the reporting worker's own losses are too noisy to
            // compare here; that the example learns is checked on its checkpointed weights by
            // am-elastic's test_examples.py.
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------

    private static boolean grewThenShrank(List<ProgressSample> samples) {
        List<Integer> sizes = ProgressRecorder.worldSizes(samples);
        int two = sizes.indexOf(2);
        return two >= 0 && sizes.subList(two, sizes.size()).contains(1);
    }

    private static List<String> ddp(String name, int min, int max, String... goal) {
        return RealPyTorchJob.ddp(name, min, max, 3, goal);
    }

    private static ApplicationId submit(List<String> jobArgs, String... scriptArgs) throws IOException {
        return RealPyTorchJob.submit(cluster(), jobArgs, scriptArgs);
    }

    private static Path examples() {
        return RealPyTorchJob.examples();
    }

    private static ApplicationReport awaitEnd(ApplicationId id) throws Exception {
        return RealPyTorchJob.awaitEnd(yarn, id, TIMEOUT);
    }


    private static JsonNode awaitStatus(ApplicationId id, java.util.function.Predicate<JsonNode> condition)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        ObjectMapper json = new ObjectMapper();
        long deadline = System.currentTimeMillis() + TIMEOUT.toMillis();
        JsonNode last = null;
        while (System.currentTimeMillis() < deadline) {
            ApplicationReport report = yarn.getApplicationReport(id);
            if (ENDED.contains(report.getYarnApplicationState())) {
                throw new AssertionError(id + " ended before the condition held: " + report.getDiagnostics());
            }
            String url = report.getOriginalTrackingUrl();
            if (url != null && url.startsWith("http")) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                    last = json.readTree(r.body());
                    if (condition.test(last)) {
                        return last;
                    }
                } catch (IOException notYet) {
                    // the AM is starting
                }
            }
            Thread.sleep(300);
        }
        throw new TimeoutException("AM status never satisfied the condition; last " + last);
    }

    private static void assertSucceeded(ApplicationReport report) {
        assertEquals(FinalApplicationStatus.SUCCEEDED, report.getFinalApplicationStatus(),
                report.getApplicationId() + ": " + report.getDiagnostics());
    }

    /** Prints the resize figures the README quotes: decision to training resumed at the new size. */
    private static void reportResizeTimes(ApplicationId app, AmEventLog events) {
        List<Long> amSide = events.decisionToResumedMs();
        DeepLearningScheduler scheduler = (DeepLearningScheduler) cluster().resourceManager().getResourceScheduler();
        List<String> fromPlan = new ArrayList<>();
        for (PlanBook.TargetChange change : scheduler.planBook().history()) {
            if (!change.jobId().equals(app.toString())) {
                continue;
            }
            long planMs = Math.round(change.timeSec() * 1000);
            events.of("GENERATION_STARTED").stream()
                    .filter(g -> g.path("timeMs").asLong() >= planMs && g.path("workers").asInt() == change.workers())
                    .findFirst()
                    .flatMap(g -> events.of("TRAINING_RESUMED").stream()
                            .filter(r -> r.path("generation").asInt() == g.path("generation").asInt())
                            .findFirst())
                    .ifPresent(r -> fromPlan.add(change.workers() + " workers: "
                            + (r.path("timeMs").asLong() - planMs) + " ms"));
        }
        System.out.println("RESIZE-TIMES " + app + ": AM decision to training resumed (ms) " + amSide
                + "; scheduler plan to training resumed at that size: " + fromPlan);
        assertFalse(amSide.isEmpty(), "no resize was measured: " + events.format());
    }

    /** The checkpoint files the job left on HDFS (kept: they hold the trained model). */
    /**
     * {@code status} prints the AM's own status page, and the RM's web proxy (the tracking URL
     * {@code status} falls back to) serves it too: the proxy appends a slash to the registered URL.
     */
    private static void assertStatusReachesTheAm(ApplicationId app) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = YarnDlJob.run(new String[] {"status", app.toString()}, new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                cluster().yarnConf());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, printed);
        assertTrue(printed.contains("AM status (http") && printed.contains("\"generation\""), printed);
        // The report's tracking URL names the RM's configured web port, 0 in a mini cluster: ask the bound one.
        String proxy = "http://" + cluster().yarnConf().get(YarnConfiguration.RM_WEBAPP_ADDRESS) + "/proxy/" + app + "/";
        HttpResponse<String> viaRm = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build()
                .send(HttpRequest.newBuilder(URI.create(proxy)).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, viaRm.statusCode(), proxy + " (reported " + yarn.getApplicationReport(app).getTrackingUrl()
                + "): " + viaRm.body());
        assertTrue(viaRm.body().contains("\"generation\""), proxy + ": " + viaRm.body());
    }

    /** The AM removes its staging directory right after unregistering, so just after the RM says FINISHED. */
    private static void awaitStagingRemoved(ApplicationId app) throws Exception {
        FileSystem fs = cluster().hdfs().getFileSystem();
        org.apache.hadoop.fs.Path staging = new org.apache.hadoop.fs.Path(
                new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), ".yarn-dl"), app.toString());
        long deadline = System.currentTimeMillis() + 10_000;
        while (fs.exists(staging)) {
            assertTrue(System.currentTimeMillis() < deadline, staging + " is still there after " + app + " ended");
            Thread.sleep(100);
        }
    }

    private static List<Path> checkpointsOnHdfs(ApplicationId app) throws IOException {
        FileSystem fs = cluster().hdfs().getFileSystem();
        List<Path> found = new ArrayList<>();
        var files = fs.listFiles(new org.apache.hadoop.fs.Path("/"), true);
        while (files.hasNext()) {
            var file = files.next().getPath();
            if (file.toString().contains(app.toString()) && file.getName().equals("checkpoint.pt")) {
                found.add(Path.of(file.toUri().getPath()));
            }
        }
        return found;
    }
}
