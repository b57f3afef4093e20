package io.yarndl.yarn.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.yarn.dl2.Dl2ModelStatus;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.round.TaskRole;
import io.yarndl.yarn.status.SchedulerStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The REST API's JSON, from a real Optimus round over two jobs, written by the Jackson the RM ships. */
class JsonViewsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Resources WORKER = Resources.of(1, 1, 512);

    private final PlanBook book = new PlanBook();
    private PolicyRunner runner;
    private SchedulerStatus status;
    private final DlJobState lossJob = job("application_1_0001", "resnet", TrainingGoal.targetLoss(0.2), 2);
    private final DlJobState stepJob = job("application_1_0002", "bert", TrainingGoal.steps(5_000), 1);

    @BeforeEach
    void runOneOptimusRound() throws Exception {
        runner = new PolicyRunner(PolicyRegistry.standard().withoutGpuSharing(), "optimus", Duration.ofSeconds(10));
        status = new SchedulerStatus(book, runner, new Dl2ModelStatus(new SchedulerMetrics().dl2()), "optimus",
                id -> id.startsWith("application_1_") ? Optional.of("RUNNING") : Optional.empty());
        List<DlJobState> jobs = List.of(lossJob, stepJob);
        ClusterSnapshot cluster = new ClusterSnapshot(1000, List.of(Node.of("n1:1", Resources.of(4, 8, 16384)),
                Node.of("n2:1", Resources.of(4, 8, 16384))));
        book.record(runner.plan(cluster, jobs.stream().map(DlJobState::toView).toList()), 2_000_000);
        status.afterRound(1000, jobs);
    }

    @AfterEach
    void closeRunner() {
        runner.close();
    }

    @Test
    void jobListCarriesSpecSizesFittedModelsAndTheRemainingTimeOptimusPredicts() throws Exception {
        JsonNode jobs = tree(new JobViews(status).summaries());

        JsonNode resnet = jobs.get(0);
        assertEquals("application_1_0001", resnet.get("id").asText());
        assertEquals("resnet", resnet.get("name").asText());
        assertEquals("RUNNING", resnet.get("state").asText());
        assertEquals(8, resnet.get("spec").get("maxWorkers").asInt());
        assertEquals(1, resnet.get("spec").get("worker").get("gpus").asInt());
        assertEquals(0.2, resnet.get("spec").get("goalLoss").asDouble());
        assertEquals(2, resnet.get("size").get("workers").asInt());
        assertTrue(resnet.get("target").get("workers").asInt() >= 1, resnet.toString());
        assertFalse(resnet.get("target").get("reason").asText().isBlank());
        assertTrue(resnet.get("model").get("curve").get("b0").asDouble() > 0, resnet.toString());
        assertEquals("all-reduce", resnet.get("model").get("speed").get("form").asText());
        assertTrue(resnet.get("remaining").get("seconds").asDouble() > 0, resnet.toString());
        assertTrue(resnet.get("remaining").get("reason").isNull());

        JsonNode bert = jobs.get(1);
        assertEquals(5_000, bert.get("spec").get("goalSteps").asLong());
        assertTrue(bert.get("model").get("curve").isNull(), "no curve for a step-count goal: " + bert);
    }

    @Test
    void jobDetailDrawsTheFittedCurveThroughTheConvergenceModelAndListsSamplesAndSizes() throws Exception {
        JsonNode detail = tree(new JobViews(status).detail(status.job("application_1_0001").orElseThrow()));

        assertEquals(40, detail.get("samples").size());
        assertEquals("V100", detail.get("samples").get(39).get("gpuType").asText(), "a tagged sample says its type");
        assertTrue(detail.get("samples").get(0).get("gpuType").isNull(), "an untagged one says null");
        assertEquals("V100", detail.get("job").get("progress").get("gpuType").asText());
        assertEquals("ResNet-50 (batch size 64)", detail.get("job").get("spec").get("modelFamily").asText());
        assertEquals(128, detail.get("samples").get(39).get("batchSize").asInt(), "a sample says its batch");
        assertEquals(80.0, detail.get("samples").get(39).get("noiseScale").asDouble(), "and its noise scale");
        assertTrue(detail.get("samples").get(0).get("batchSize").isNull(), "one that says neither has nulls");
        assertTrue(detail.get("samples").get(0).get("noiseScale").isNull());
        assertEquals(128, detail.get("job").get("progress").get("batchSize").asInt());
        assertEquals(256, detail.get("job").get("spec").get("batchLimits").get("max").asInt());
        assertEquals(1, detail.get("job").get("restarts").get("count").asInt());
        assertEquals(12.5, detail.get("job").get("restarts").get("totalSeconds").asDouble());
        assertEquals(JobViews.CURVE_POINTS + 1, detail.get("lossCurve").size());
        assertTrue(detail.get("lossCurveNote").isNull());
        JsonNode curve = detail.get("job").get("model").get("curve");
        JsonNode last = detail.get("lossCurve").get(JobViews.CURVE_POINTS);
        double k = last.get("step").asDouble();
        double expected = curve.get("lossScale").asDouble()
                * (1 / (curve.get("b0").asDouble() * k + curve.get("b1").asDouble()) + curve.get("b2").asDouble());
        assertEquals(expected, last.get("loss").asDouble(), 1e-9);
        assertEquals(1, detail.get("sizes").size());
        assertEquals(2, detail.get("sizes").get(0).get("heldWorkers").asInt());
        assertEquals(1, detail.get("targetChanges").size());

        JsonNode bert = tree(new JobViews(status).detail(status.job("application_1_0002").orElseThrow()));
        assertEquals(0, bert.get("lossCurve").size());
        assertTrue(bert.get("job").get("spec").get("modelFamily").isNull(), "declared none: " + bert);
        assertEquals(64, bert.get("job").get("spec").get("batchLimits").get("min").asInt(), "its one batch: " + bert);
        assertEquals(0, bert.get("job").get("restarts").get("count").asInt());
        assertTrue(bert.get("lossCurveNote").asText().contains("step count"));
    }

    @Test
    void planGivesEachJobItsSizeAndThePolicysReason() throws Exception {
        JsonNode plan = tree(new PlanViews(status).plan());

        assertEquals("optimus", plan.get("policy").asText());
        assertEquals(1, plan.get("rounds").asLong());
        assertEquals(2.0, plan.get("lastRoundMillis").asDouble(), 1e-9);
        assertEquals(2, plan.get("jobs").size());
        for (JsonNode job : plan.get("jobs")) {
            assertFalse(job.get("reason").asText().isBlank(), job.toString());
        }
    }

    @Test
    void policyNamesTheAvailablePoliciesAndFollowsARunTimeSwitch() throws Exception {
        JsonNode before = tree(new PlanViews(status).policy());
        assertEquals("optimus", before.get("policy").asText());
        assertEquals(List.of("dl2", "drf", "fifo", "gavel-fifo", "gavel-fifo-perf", "gavel-finish-time-fairness", "gavel-finish-time-fairness-perf", "gavel-max-min-fairness", "gavel-max-min-fairness-perf", "gavel-max-sum-throughput-perf", "gavel-min-total-duration", "gavel-min-total-duration-perf", "optimus", "pollux", "sia", "smd"),
                JSON.convertValue(before.get("available"), List.class));
        assertFalse(before.get("dl2").get("active").asBoolean());

        assertEquals("optimus", status.switchPolicy("drf", "alice"));
        UnknownPolicyException unknown = assertThrows(UnknownPolicyException.class,
                () -> status.switchPolicy("sjf", "alice"));

        JsonNode after = tree(new PlanViews(status).policy());
        assertEquals("drf", after.get("policy").asText());
        assertEquals("optimus", after.get("configured").asText());
        assertTrue(unknown.getMessage().contains("dl2, drf, fifo, gavel-fifo, gavel-fifo-perf, gavel-finish-time-fairness, gavel-finish-time-fairness-perf, gavel-max-min-fairness, gavel-max-min-fairness-perf, gavel-max-sum-throughput-perf, gavel-min-total-duration, gavel-min-total-duration-perf, optimus"), unknown.getMessage());
        assertTrue(status.learned().isEmpty(), "optimus's models are not drf's");
    }

    private static JsonNode tree(Object view) throws Exception {
        return JSON.readTree(JsonResponses.write(view));
    }

    /** A job that trained at 1 and then 2 workers on the curve 1/(0.01 k + 1) + 0.1, holding {@code held} now. */
    private static DlJobState job(String id, String name, TrainingGoal goal, int held) {
        // A loss-goal job declares its model family and its AM tags its samples once they run on V100s.
        boolean typed = goal instanceof TrainingGoal.TargetLoss;
        // It also lets its batch follow its size, and its AM reports the batch and a noise scale at 2 workers.
        JobSpec spec = new JobSpec(id, name, "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, WORKER, Resources.ZERO, 1, 8, 0, 0, 1, 0, 64, goal,
                typed ? "ResNet-50 (batch size 64)" : null, typed ? new BatchLimits(32, 256, 0) : BatchLimits.fixed(64));
        List<ProgressSample> samples = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            int workers = i <= 20 ? 1 : 2;
            long step = i * 10L;
            ProgressSample sample = new ProgressSample(900 + i, step, 1 / (0.01 * step + 1) + 0.1,
                    workers * 10 / (1 + 0.1 * (workers - 1)), workers, 0);
            samples.add(typed && i > 20 ? sample.onGpuType("V100").atBatch(128, 40.0 + i) : sample);
        }
        List<HeldTask> tasks = new ArrayList<>();
        for (int i = 0; i < held; i++) {
            tasks.add(new HeldTask("container_" + id + "_" + i, "n1:1", TaskRole.WORKER, WORKER));
        }
        return new DlJobState(spec, 900, tasks, samples, typed ? new Restarts(1, 12.5) : Restarts.NONE);
    }
}
