package io.yarndl.it.scheduler;

import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.it.cluster.CapturedLog;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.dl2.Dl2ModelStatus;
import io.yarndl.yarn.metrics.Dl2Metrics;
import io.yarndl.yarn.metrics.RoundMetrics;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.it.support.Poll;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.log4j.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Proves the {@code dl2} policy in a real ResourceManager (a MiniYARNCluster of two 4-GPU
 * NodeManagers, a real ZooKeeper, toy elastic ApplicationMasters) with a model file configured by
 * {@code yarn.dl.scheduler.dl2.model}, replaced under the running RM as an operator would (moved
 * into place), and the safe fallback made visible: the copy of the shipped (trained) model serves
 * from the start and schedules two jobs; another model put in its place serves without a restart;
 * a truncated copy of the shipped model, a card
 * whose sha256 is not the file's, and a model whose input has the wrong size each make DL2 fall
 * back to {@code optimus} with one WARN line naming the file and what is wrong, the
 * {@code dl2.fallbacks} counter up and the {@code dl2.serving} gauge at 0, as the RM's own
 * {@code /jmx} servlet shows over HTTP, while a job submitted then is still scheduled, by the
 * fallback; the shipped model put back serves again. The checkpoint carries the serving model's version.
 *
 * <p>The tests run in order on one cluster, each starting from the state the previous one left.
 * The replacement models are made by {@code /usr/bin/python3} with Debian's PyTorch
 * ({@code dl2/test_models.py}, through {@code onnx-models/trainer/dl2net.py}); without it the class
 * fails. The replacement that shows a reload is a generated one that gives every job all its
 * workers, so its plans are told apart from the shipped model's.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Dl2InResourceManagerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String FALLS_BACK = "DL2 falls back to optimus: ";
    private static final String SERVES = "DL2 serves model ";
    private static final String FALLBACK_PLAN = "dl2 fallback (optimus): ";
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @TempDir
    static Path scratch;

    private static Path model;
    private static Path card;
    private static byte[] shippedModel;
    private static byte[] shippedCard;
    private static String shippedVersion;
    private static byte[] growerModel;
    private static byte[] growerCard;
    private static String growerVersion;
    private static DlMiniCluster cluster;
    private static ToyJobClient client;
    private static CapturedLog log;
    private static final List<ApplicationId> jobs = new ArrayList<>();

    @BeforeAll
    static void startClusterWithACopyOfTheShippedModel() throws Exception {
        Path onnxModels = Path.of(System.getProperty("yarndl.onnx.models", Path.of("..", "onnx-models").toString()))
                .toAbsolutePath().normalize();
        Path generated = scratch.resolve("generated");
        Process python = generateModels(onnxModels.resolve("trainer"), generated);

        model = Files.createDirectories(scratch.resolve("models")).resolve("dl2-default.onnx");
        card = ModelLoader.cardOf(model);
        shippedModel = Files.readAllBytes(onnxModels.resolve("dl2-default.onnx"));
        shippedCard = Files.readAllBytes(onnxModels.resolve("dl2-default.json"));
        install(shippedModel, shippedCard);
        shippedVersion = ModelLoader.load(model).version();
        // Before the RM starts: the model is loaded at its init.
        log = CapturedLog.of(Dl2ModelStatus.class);
        cluster = DlMiniCluster.start(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, "dl2");
            conf.set(SchedulerSettings.DL2_MODEL, model.toString());
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
            conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 1_000);
            conf.setLong(SchedulerSettings.CHECKPOINT_INTERVAL_MS, 500);
        });
        client = ToyJobClient.on(cluster);

        awaitModels(python, generated);
        growerModel = Files.readAllBytes(generated.resolve("grower/dl2-default.onnx"));
        growerCard = Files.readAllBytes(generated.resolve("grower/dl2-default.json"));
        growerVersion = ModelLoader.load(generated.resolve("grower/dl2-default.onnx")).version();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (log != null) {
            log.close();
        }
    }

    @Test
    @Order(1)
    void theShippedModelServesFromStartSchedulesTwoJobsAndIsPublishedInTheRmsJmxOverHttp() throws Exception {
        assertEquals(shippedVersion, scheduler().dl2Status().servingVersion().orElse(null), log.lines().toString());
        assertTrue(log.lines(Level.INFO, SERVES).get(0).message().endsWith(" from " + model), log.lines().toString());
        RmJmx jmx = RmJmx.read(cluster.yarnConf());
        assertEquals(1, jmx.value(Dl2Metrics.SERVING).asInt(), jmx.toString());
        assertEquals(shippedVersion, jmx.value(Dl2Metrics.MODEL).asText(), jmx.toString());
        assertEquals(0, jmx.count(Dl2Metrics.FALLBACKS), jmx.toString());

        Path firstEvents = cluster.workDir().resolve("dl2-first.events");
        Path secondEvents = cluster.workDir().resolve("dl2-second.events");
        ApplicationId first = submit(DlJobs.allReduce("dl2-first", 1, 2, 1, 150), firstEvents);
        ApplicationId second = submit(DlJobs.allReduce("dl2-second", 1, 2, 1, 150), secondEvents);
        ToyEventLog.await(firstEvents, TIMEOUT, log -> log.maxHeldWorkers() >= 1);
        ToyEventLog.await(secondEvents, TIMEOUT, log -> log.maxHeldWorkers() >= 1);

        assertEquals("dl2", scheduler().planBook().current().policy());
        for (ApplicationId job : List.of(first, second)) {
            assertTrue(planned(job).stream().anyMatch(c -> c.workers() >= 1 && c.reason().startsWith("dl2 gave")
                    && c.reason().contains(shippedVersion)), () -> "the shipped model gave " + job + ": " + planned(job));
        }
        awaitCheckpointedModel(shippedVersion);
    }

    @Test
    @Order(2)
    void loadsAReplacedModelWithoutARestartAndSizesJobsWithIt() throws Exception {
        install(growerModel, growerCard);
        await("the replacement serves", () -> growerVersion.equals(servingVersion()));

        Path events = cluster.workDir().resolve("dl2-grown.events");
        ApplicationId job = submit(DlJobs.allReduce("dl2-grown", 1, 2, 1, 150), events);
        ToyEventLog.await(events, TIMEOUT, log -> log.maxHeldWorkers() >= 1);

        assertTrue(planned(job).stream().anyMatch(c -> c.reason().startsWith("dl2 gave 2w/0ps")
                && c.reason().contains(growerVersion)), () -> "the new model gave " + job + ": " + planned(job));
        assertEquals(growerVersion, RmJmx.read(cluster.yarnConf()).value(Dl2Metrics.MODEL).asText());
        assertTrue(log.lines(Level.INFO, SERVES).stream().anyMatch(line -> line.message().contains(growerVersion)));
        awaitCheckpointedModel(growerVersion);
    }

    @Test
    @Order(3)
    void fallsBackToOptimusOnATruncatedModelFileAndStillSchedulesJobs() throws Exception {
        install(Arrays.copyOf(shippedModel, shippedModel.length / 2), shippedCard);

        String reason = assertFallsBackAndSchedules("dl2-after-truncation");

        assertTrue(reason.contains("sha256") && reason.contains("truncated"), reason);
        awaitCheckpointedModel(null);
    }

    @Test
    @Order(4)
    void fallsBackToOptimusWhenTheCardsSha256IsNotTheModelFiles() throws Exception {
        String wrongSha = ModelLoader.sha256("some other model".getBytes(StandardCharsets.UTF_8));
        String goodSha = ModelLoader.sha256(shippedModel);
        install(shippedModel, new String(shippedCard, StandardCharsets.UTF_8).replace(goodSha, wrongSha)
                .getBytes(StandardCharsets.UTF_8));

        String reason = assertFallsBackAndSchedules("dl2-after-bad-card");

        assertTrue(reason.contains("its card " + card + " says " + wrongSha), reason);
    }

    @Test
    @Order(5)
    void fallsBackToOptimusOnAModelWhoseInputHasTheWrongSize() throws Exception {
        Path narrow = scratch.resolve("generated/narrow/dl2-default.onnx");
        install(Files.readAllBytes(narrow), Files.readAllBytes(ModelLoader.cardOf(narrow)));

        String reason = assertFallsBackAndSchedules("dl2-after-narrow-model");

        assertTrue(reason.contains("[-1, 600]") && reason.contains("[batch, 1252]"), reason);
    }

    @Test
    @Order(6)
    void servesAgainWhenTheShippedModelIsPutBackAndEveryJobFinishes() throws Exception {
        long fallbacks = scheduler().metrics().dl2().fallbacks();
        install(shippedModel, shippedCard);
        await("the shipped model serves again", () -> shippedVersion.equals(servingVersion()));

        Path events = cluster.workDir().resolve("dl2-after-restore.events");
        ApplicationId job = submit(DlJobs.allReduce("dl2-after-restore", 1, 2, 1, 100), events);
        ToyEventLog.await(events, TIMEOUT, log -> log.maxHeldWorkers() >= 1);

        RmJmx jmx = RmJmx.read(cluster.yarnConf());
        assertEquals(1, jmx.value(Dl2Metrics.SERVING).asInt(), jmx.toString());
        assertEquals(fallbacks, jmx.count(Dl2Metrics.FALLBACKS), jmx.toString());
        assertTrue(jmx.count(RoundMetrics.ROUNDS) > 10, "rounds every 500 ms: " + jmx);
        assertTrue(jmx.bean(RoundMetrics.ROUNDS).get("Mean").asDouble() > 0, jmx.toString());
        assertEquals(0, jmx.count(RoundMetrics.TIMED_OUT), jmx.toString());
        assertTrue(jmx.value(RoundMetrics.JOBS).asInt() >= 1, jmx.toString());
        assertTrue(jmx.value(RoundMetrics.GPUS_HELD).asLong() >= 0, jmx.toString());
        assertTrue(jmx.count(Dl2Metrics.INFERENCE) > 0, "the model decided: " + jmx);
        assertTrue(jmx.bean(Dl2Metrics.INFERENCE).get("Mean").asDouble() > 0, jmx.toString());
        assertTrue(planned(job).stream().anyMatch(c -> c.workers() >= 1 && c.reason().startsWith("dl2 gave")),
                () -> planned(job).toString());
        for (ApplicationId id : jobs) {
            assertEquals(FinalApplicationStatus.SUCCEEDED,
                    client.awaitState(id, TIMEOUT, YarnApplicationState.FINISHED).getFinalApplicationStatus(), id::toString);
        }
    }

    /**
     * Waits for DL2 to fall back after the files were replaced, checks the counter, the gauges (over
     * HTTP) and the WARN line, then submits a job and checks the fallback sizes it.
     *
     * @return the reason of the WARN line
     */
    private static String assertFallsBackAndSchedules(String jobName) throws Exception {
        long before = scheduler().metrics().dl2().fallbacks();
        int warnedBefore = log.lines(Level.WARN, FALLS_BACK).size();
        await("DL2 falls back", () -> scheduler().metrics().dl2().fallbacks() > before);

        RmJmx jmx = RmJmx.read(cluster.yarnConf());
        assertTrue(jmx.count(Dl2Metrics.FALLBACKS) > before, jmx.toString());
        assertEquals(0, jmx.value(Dl2Metrics.SERVING).asInt(), jmx.toString());
        assertTrue(jmx.value(Dl2Metrics.MODEL).isNull(), jmx.toString());
        List<CapturedLog.Line> warned = log.lines(Level.WARN, FALLS_BACK);
        assertTrue(warned.size() > warnedBefore, log.lines().toString());
        String reason = warned.get(warned.size() - 1).message().substring(FALLS_BACK.length());
        assertTrue(reason.contains(model.toString()), "the reason names the file: " + reason);

        Path events = cluster.workDir().resolve(jobName + ".events");
        ApplicationId job = submit(DlJobs.allReduce(jobName, 1, 2, 1, 100), events);
        ToyEventLog.await(events, TIMEOUT, log -> log.maxHeldWorkers() >= 1);
        List<PlanBook.TargetChange> sized = planned(job).stream().filter(c -> c.workers() >= 1).toList();
        assertFalse(sized.isEmpty(), () -> planned(job).toString());
        assertTrue(sized.stream().allMatch(c -> c.reason().startsWith(FALLBACK_PLAN)), sized::toString);
        assertEquals("dl2", scheduler().planBook().current().policy());
        return reason;
    }

    // ---------------------------------------------------------------- helpers

    /** Puts a model and its card in place as an operator would: each written aside, then moved over the old one. */
    private static void install(byte[] modelBytes, byte[] cardBytes) throws IOException {
        moveIntoPlace(model, modelBytes);
        moveIntoPlace(card, cardBytes);
    }

    private static void moveIntoPlace(Path file, byte[] bytes) throws IOException {
        Path aside = file.resolveSibling(file.getFileName() + ".new");
        Files.write(aside, bytes);
        Files.move(aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static ApplicationId submit(io.yarndl.contract.job.JobDescription spec, Path events) throws Exception {
        ApplicationId id = client.submit(DlMiniCluster.DL_QUEUE, spec, ToyAmOptions.defaults().withEvents(events));
        jobs.add(id);
        return id;
    }

    private static List<PlanBook.TargetChange> planned(ApplicationId job) {
        return scheduler().planBook().history().stream().filter(c -> c.jobId().equals(job.toString())).toList();
    }

    private static DeepLearningScheduler scheduler() {
        return cluster.activeScheduler();
    }

    private static String servingVersion() {
        return scheduler().dl2Status().servingVersion().orElse(null);
    }

    /** Waits for a checkpoint written from now on that carries {@code version} (null: no model serves). */
    private static void awaitCheckpointedModel(String version) throws Exception {
        long since = System.currentTimeMillis();
        await("a checkpoint with model version " + version, () -> scheduler().checkpoints().lastWritten()
                .filter(checkpoint -> checkpoint.writtenAtMillis() >= since)
                .filter(checkpoint -> Objects.equals(checkpoint.modelVersion(), version)).isPresent());
    }

    private static void await(String what, BooleanSupplier condition) throws Exception {
        Poll.until(what, TIMEOUT, Poll.INTERVAL, condition::getAsBoolean, () -> "DL2 log: " + log.lines());
    }

    /** Starts {@code dl2/test_models.py} with Debian's PyTorch; it runs while the cluster starts. */
    private static Process generateModels(Path trainer, Path out) throws IOException {
        if (!Files.isExecutable(PYTHON)) {
            fail(PYTHON + " is missing: this test makes its models with Debian's python3-torch"
                    + " (apt-get install -y --no-install-recommends python3-torch; bash .ci/run does it)");
        }
        Path script = scratch.resolve("test_models.py");
        try (InputStream in = Dl2InResourceManagerTest.class.getResourceAsStream("/dl2/test_models.py")) {
            Files.copy(Objects.requireNonNull(in, "test resource dl2/test_models.py"), script);
        }
        return new ProcessBuilder(PYTHON.toString(), script.toString(), trainer.toString(), out.toString())
                .redirectErrorStream(true).redirectOutput(scratch.resolve("test_models.log").toFile()).start();
    }

    private static void awaitModels(Process python, Path out) throws Exception {
        boolean done = python.waitFor(120, TimeUnit.SECONDS);
        String output = Files.readString(scratch.resolve("test_models.log"));
        if (!done) {
            python.destroyForcibly();
            fail("dl2/test_models.py did not finish within 120 s: " + output);
        }
        if (python.exitValue() != 0 || !Files.isRegularFile(out.resolve("narrow/dl2-default.json"))) {
            fail("dl2/test_models.py failed (exit " + python.exitValue() + "; is python3-torch installed?): " + output);
        }
    }
}
