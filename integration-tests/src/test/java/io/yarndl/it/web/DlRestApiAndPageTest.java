package io.yarndl.it.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.it.cluster.CapturedLog;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.scheduler.DlJobs;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.yarn.status.SchedulerStatus;
import io.yarndl.yarn.web.DlWebServices;
import io.yarndl.it.support.Poll;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;
import org.apache.log4j.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * yarn-dl's REST API and web page on a real RM's web port ({@code yarn.webapp.custom.webservice.class}
 * = {@link DlWebServices}), over real HTTP and in a real headless Chromium, after two toy DL jobs ran
 * to completion under {@code optimus} in a MiniYARNCluster with a real ZooKeeper: every endpoint
 * answers the documented JSON with plausible values (read while the jobs ran, and after), unknown,
 * non-DL and malformed application ids get 404 and 400, the stock RM endpoints still answer, the
 * page lists the jobs and draws its charts, and only a YARN admin may switch the policy (403 for
 * others and for an anonymous caller). One cluster for the class; the tests run in order, the
 * policy switches last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DlRestApiAndPageTest {

    static final String DL = "/ws/v1/cluster/dl/";
    static final String ADMIN = "alice";
    private static final Duration TIMEOUT = Duration.ofSeconds(180);

    static DlMiniCluster cluster;
    static RmHttp rm;
    static ApplicationId resnet;
    static ApplicationId bert;
    private static ToyJobClient client;
    private static ApplicationId plain;
    private static CapturedLog switches;
    /** A /dl/jobs answer while resnet ran, a third of the way, with a fitted loss curve and time to go predicted. */
    private static JsonNode jobsWhileRunning;
    /** A /dl/plan answer that sized both jobs. */
    private static JsonNode planWithBoth;

    @BeforeAll
    static void runTwoDlJobsToCompletion() throws Exception {
        switches = CapturedLog.of(SchedulerStatus.class);
        cluster = DlMiniCluster.start(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, "optimus");
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
            conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 1_000);
            conf.set(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS, DlWebServices.class.getName());
            conf.set(YarnConfiguration.YARN_ADMIN_ACL, ADMIN);
            // Who calls: without Kerberos, Hadoop 3.5.0's RMWebAppUtil.setupSecurityAndFilters puts
            // RMAuthenticationFilterInitializer before core-default's StaticUserWebFilter and sets
            // hadoop.http.authentication.type=simple, so "?user.name=bob" makes bob the request's
            // principal (what DlWebServices checks against yarn.admin.acl), and a request without it
            // passes as anonymous and is named dr.who by StaticUserWebFilter, which is never an admin.
            // Set here only to say it; it is what an unsecured RM does anyway.
            conf.set("hadoop.http.authentication.type", "simple");
        });
        client = ToyJobClient.on(cluster);
        rm = new RmHttp(WebAppUtils.getRMWebAppURLWithScheme(cluster.yarnConf()));

        ToyAmOptions fast = ToyAmOptions.defaults().withIntervals(250, 500);
        // Toy loss 1/(0.01 k + 1) + 0.1 reaches 0.2 at step 900: a target-loss goal, so Optimus fits its curve.
        resnet = client.submit(DlMiniCluster.DL_QUEUE, new JobDescription("resnet", Framework.PYTORCH,
                Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, DlJobs.ONE_GPU_WORKER, Resources.ZERO, 1, 4, 0, 0, 1, 0,
                64, TrainingGoal.targetLoss(0.2)), fast);
        bert = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("bert", 1, 4, 1, 600), fast);
        plain = submitNonDlApplication();

        watchOverHttpUntilFinished();
        for (ApplicationId job : List.of(resnet, bert)) {
            assertEquals(FinalApplicationStatus.SUCCEEDED, client.awaitState(job, TIMEOUT,
                    YarnApplicationState.FINISHED).getFinalApplicationStatus());
        }
        awaitOverHttp("both jobs shown as ended", () -> {
            JsonNode jobs = rm.json(DL + "jobs").get("jobs");
            return jobs.size() == 2 && !jobs.get(0).get("live").asBoolean() && !jobs.get(1).get("live").asBoolean();
        });
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (switches != null) {
            switches.close();
        }
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void listsBothJobsWithSpecStateSizesFittedModelsAndPredictedRemainingTime() throws Exception {
        JsonNode running = job(jobsWhileRunning.get("jobs"), resnet);
        assertEquals("RUNNING", running.get("state").asText(), running.toString());
        assertTrue(running.get("size").get("workers").asInt() >= 1, running.toString());
        assertTrue(running.get("target").get("workers").asInt() >= 1, running.toString());
        assertTrue(running.get("model").get("curve").get("b0").asDouble() > 0, running.toString());
        assertEquals("all-reduce", running.get("model").get("speed").get("form").asText(), running.toString());
        double remaining = running.get("remaining").get("seconds").asDouble();
        assertTrue(remaining > 0 && remaining < 600, "a toy job of about a minute: " + running);
        // The toy's loss reaches the target 0.2 at step 900: the fitted curve must say about that.
        double goalStep = running.get("progress").get("step").asLong() + running.get("remaining").get("steps").asDouble();
        assertEquals(900, goalStep, 150, running.toString());

        JsonNode list = rm.json(DL + "jobs");
        assertEquals("optimus", list.get("policy").asText());
        assertEquals(2, list.get("jobs").size(), list.toString());
        for (ApplicationId id : List.of(resnet, bert)) {
            JsonNode job = job(list.get("jobs"), id);
            assertEquals("FINISHED", job.get("state").asText(), job.toString());
            assertFalse(job.get("live").asBoolean());
            assertEquals(1, job.get("spec").get("minWorkers").asInt());
            assertEquals(4, job.get("spec").get("maxWorkers").asInt());
            assertEquals(1, job.get("spec").get("worker").get("gpus").asInt());
            assertEquals("ended", job.get("target").get("reason").asText());
            assertTrue(job.get("remaining").get("seconds").isNull());
            assertNotNull(job.get("model").get("speed"), "the last fitted models are kept: " + job);
        }
        assertEquals("resnet", job(list.get("jobs"), resnet).get("name").asText());
        assertEquals(0.2, job(list.get("jobs"), resnet).get("spec").get("goalLoss").asDouble());
        assertEquals(600, job(list.get("jobs"), bert).get("spec").get("goalSteps").asLong());
    }

    @Test
    @Order(2)
    void showsAJobsSamplesSizesOverTimeTargetChangesAndFittedLossCurve() throws Exception {
        JsonNode detail = rm.json(DL + "jobs/" + resnet);

        JsonNode samples = detail.get("samples");
        assertTrue(samples.size() >= 5, "a sample every 500 ms: " + samples.size());
        for (int i = 1; i < samples.size(); i++) {
            assertTrue(samples.get(i).get("step").asLong() >= samples.get(i - 1).get("step").asLong());
        }
        assertTrue(samples.get(samples.size() - 1).get("loss").asDouble() < 0.3, "trained to 0.2: " + samples);
        JsonNode sizes = detail.get("sizes");
        assertTrue(sizes.size() >= 2, sizes.toString());
        assertTrue(max(sizes, "heldWorkers") >= 1, sizes.toString());
        assertEquals(0, sizes.get(sizes.size() - 1).get("heldWorkers").asInt(), "ends at size 0: " + sizes);
        JsonNode changes = detail.get("targetChanges");
        assertTrue(changes.size() >= 1 && !changes.get(0).get("reason").asText().isBlank(), changes.toString());
        JsonNode curve = detail.get("lossCurve");
        assertEquals(61, curve.size(), detail.toString());
        // The fitted curve goes through the toy job's losses: 1/(0.01 k + 1) + 0.1.
        JsonNode mid = curve.get(30);
        double step = mid.get("step").asDouble();
        assertEquals(1 / (0.01 * step + 1) + 0.1, mid.get("loss").asDouble(), 0.05, curve.toString());

        JsonNode steps = rm.json(DL + "jobs/" + bert);
        assertEquals(0, steps.get("lossCurve").size());
        assertTrue(steps.get("lossCurveNote").asText().contains("step count"), steps.get("lossCurveNote").asText());
    }

    @Test
    @Order(3)
    void answers404ForUnknownAndNonDlApplicationsAnd400ForAMalformedId() throws Exception {
        RmHttp.Answer unknown = rm.get(DL + "jobs/" + ApplicationId.newInstance(resnet.getClusterTimestamp(), 9999));
        RmHttp.Answer nonDl = rm.get(DL + "jobs/" + plain);
        RmHttp.Answer malformed = rm.get(DL + "jobs/not_an_application");

        assertEquals(404, unknown.status(), unknown.toString());
        assertTrue(unknown.json().get("message").asText().contains("no application"), unknown.toString());
        assertEquals(404, nonDl.status(), nonDl.toString());
        assertTrue(nonDl.json().get("message").asText().contains("is not a deep-learning job"), nonDl.toString());
        assertEquals(400, malformed.status(), malformed.toString());
        assertTrue(malformed.contentType().startsWith("application/json"), malformed.toString());
        assertTrue(malformed.json().get("message").asText().contains("not an application id"), malformed.toString());
    }

    @Test
    @Order(4)
    void showsThePlanWithEachJobsReasonAndThePolicyWithItsHealth() throws Exception {
        assertEquals("optimus", planWithBoth.get("policy").asText());
        assertTrue(planWithBoth.get("time").asDouble() > 1.7e9, "epoch seconds: " + planWithBoth);
        for (JsonNode decision : planWithBoth.get("jobs")) {
            assertTrue(decision.get("workers").asInt() >= 1, planWithBoth.toString());
            assertFalse(decision.get("reason").asText().isBlank(), planWithBoth.toString());
        }
        JsonNode plan = rm.json(DL + "plan");
        assertTrue(plan.get("rounds").asLong() > 10, "rounds every 500 ms: " + plan);
        assertEquals(0, plan.get("timedOutRounds").asLong());

        JsonNode policy = rm.json(DL + "policy");
        assertEquals("optimus", policy.get("policy").asText());
        assertEquals("optimus", policy.get("configured").asText());
        assertEquals(Set.of("dl2", "drf", "fifo", "gavel-fifo", "gavel-fifo-perf", "gavel-finish-time-fairness", "gavel-finish-time-fairness-perf", "gavel-max-min-fairness", "gavel-max-min-fairness-perf", "gavel-max-sum-throughput-perf", "gavel-min-total-duration", "gavel-min-total-duration-perf", "optimus", "pollux", "sia", "smd"), names(policy.get("available")));
        assertFalse(policy.get("dl2").get("active").asBoolean());
        assertTrue(policy.get("dl2").has("modelVersion") && policy.get("dl2").has("fallbackReason"), policy.toString());
    }

    @Test
    @Order(5)
    void keepsTheStockRestEndpointsWorking() throws Exception {
        JsonNode info = rm.json("/ws/v1/cluster/info");
        JsonNode apps = rm.json("/ws/v1/cluster/apps");
        JsonNode scheduler = rm.json("/ws/v1/cluster/scheduler");

        assertEquals("STARTED", info.get("clusterInfo").get("state").asText(), info.toString());
        assertTrue(apps.get("apps").get("app").size() >= 3, apps.toString());
        assertEquals("capacityScheduler", scheduler.get("scheduler").get("schedulerInfo").get("type").asText());
    }

    @Test
    @Order(6)
    void servesThePageAndChartJsWithTheirTypesAndRefusesOtherFiles() throws Exception {
        RmHttp.Answer page = rm.get(DL + "ui");
        RmHttp.Answer chart = rm.get(DL + "ui/chart.umd.js");
        RmHttp.Answer traversal = rm.get(DL + "ui/..%2F..%2Fjmx");
        RmHttp.Answer classFile = rm.get(DL + "ui/DeepLearningScheduler.class");

        assertEquals(200, page.status(), page.toString());
        assertTrue(page.contentType().startsWith("text/html"), page.toString());
        assertTrue(page.body().contains("sizes-chart"));
        assertEquals(200, chart.status());
        assertTrue(chart.contentType().startsWith("application/javascript"), chart.contentType());
        assertTrue(chart.body().contains("Chart.js v4.5.1"));
        assertTrue(traversal.status() == 404 || traversal.status() == 400, traversal.toString());
        assertEquals(404, classFile.status(), classFile.toString());
    }

    @Test
    @Order(7)
    void pageInHeadlessChromiumListsTheJobsAndDrawsItsCharts() throws Exception {
        DlPageInBrowser.Seen seen = DlPageInBrowser.open(rm.url(DL + "ui"), cluster.workDir(),
                Path.of(System.getProperty("basedir", "."), "target", "screenshots", "dl-page.png"));

        assertEquals(Set.of(resnet.toString(), bert.toString()), Set.copyOf(seen.listedJobs()), seen.toString());
        assertTrue(seen.sizesChartPoints() >= 4, "both jobs' sizes over time: " + seen);
        assertEquals(seen.sizesChartPoints(), seen.sizesChartPointsInChartJs(), seen.toString());
        assertTrue(seen.lossChartPoints() > 61, "samples and the 61-point fitted curve: " + seen);
        assertEquals(seen.lossChartPoints(), seen.lossChartPointsInChartJs(), seen.toString());
        assertTrue(seen.planAndPolicyText().contains("optimus"), seen.toString());
    }

    @Test
    @Order(8)
    void refusesAPolicySwitchByANonAdminAndByAnAnonymousCallerWith403() throws Exception {
        RmHttp.Answer bob = rm.put(DL + "policy", "bob", "{\"policy\":\"drf\"}");
        RmHttp.Answer anonymous = rm.put(DL + "policy?policy=drf", null, null);

        assertEquals(403, bob.status(), bob.toString());
        assertTrue(bob.json().get("message").asText().contains("bob is not a YARN admin"), bob.toString());
        assertEquals(403, anonymous.status(), anonymous.toString());
        assertTrue(anonymous.json().get("message").asText().contains("dr.who"), anonymous.toString());
        assertEquals("optimus", rm.json(DL + "policy").get("policy").asText());
    }

    @Test
    @Order(9)
    void switchesThePolicyForAnAdminAndRefusesAnUnknownName() throws Exception {
        RmHttp.Answer unknown = rm.put(DL + "policy", ADMIN, "{\"policy\":\"sjf\"}");
        RmHttp.Answer sharing = rm.put(DL + "policy", ADMIN, "{\"policy\":\"gavel-max-min-fairness-packed\"}");
        RmHttp.Answer toDrf = rm.put(DL + "policy", ADMIN, "{\"policy\":\"drf\"}");

        assertEquals(400, unknown.status(), unknown.toString());
        assertTrue(unknown.json().get("message").asText().contains("dl2, drf, fifo, gavel-fifo, gavel-fifo-perf, gavel-finish-time-fairness, gavel-finish-time-fairness-perf, gavel-max-min-fairness, gavel-max-min-fairness-perf, gavel-max-sum-throughput-perf, gavel-min-total-duration, gavel-min-total-duration-perf, optimus"), unknown.toString());
        assertEquals(400, sharing.status(), sharing.toString());
        assertTrue(sharing.json().get("message").asText().contains("YARN gives each GPU to one container"),
                sharing.toString());
        assertEquals(200, toDrf.status(), toDrf.toString());
        assertEquals("optimus", toDrf.json().get("previous").asText());
        assertEquals(ADMIN, toDrf.json().get("by").asText());
        assertEquals("drf", rm.json(DL + "policy").get("policy").asText());
        awaitOverHttp("a round planned by drf", () -> "drf".equals(rm.json(DL + "plan").get("policy").asText()));
        assertTrue(switches.lines(Level.INFO, "scheduling policy switched from optimus to drf by alice").size() == 1,
                switches.lines().toString());

        RmHttp.Answer back = rm.put(DL + "policy?policy=optimus", ADMIN, null);
        assertEquals(200, back.status(), back.toString());
        awaitOverHttp("a round planned by optimus again", () -> "optimus".equals(rm.json(DL + "plan").get("policy").asText()));
    }

    // ---------------------------------------------------------------- helpers

    /** Polls the REST API while the jobs run, keeping answers the tests check afterwards. */
    private static void watchOverHttpUntilFinished() throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!(finished(resnet) && finished(bert)) && System.nanoTime() < deadline) {
            JsonNode jobs = rm.json(DL + "jobs");
            JsonNode job = find(jobs.get("jobs"), resnet);
            // The first answer past a third of the way (step 300 of 900) with a curve and time to go.
            if (jobsWhileRunning == null && job != null && job.get("live").asBoolean()
                    && job.get("progress").isObject() && job.get("progress").get("step").asLong() >= 300
                    && job.get("remaining").get("seconds").asDouble() > 0 && job.get("model").get("curve").isObject()) {
                jobsWhileRunning = jobs;
            }
            JsonNode plan = rm.json(DL + "plan");
            if (plan.get("jobs").size() == 2) {
                planWithBoth = plan;
            }
            Thread.sleep(500);
        }
        assertNotNull(jobsWhileRunning, "resnet never had a fitted curve and a predicted remaining time over HTTP");
        System.out.println("GET " + DL + "jobs while resnet ran: " + jobsWhileRunning);
        assertNotNull(planWithBoth, "no plan ever sized both jobs");
    }

    private static boolean finished(ApplicationId id) throws Exception {
        return client.yarnClient().getApplicationReport(id).getYarnApplicationState() == YarnApplicationState.FINISHED;
    }

    /** An application of another type in the default queue: its AM exits at once; the RM knows it all the same. */
    private static ApplicationId submitNonDlApplication() throws Exception {
        YarnClientApplication app = client.yarnClient().createApplication();
        ApplicationSubmissionContext context = app.getApplicationSubmissionContext();
        context.setApplicationName("not-deep-learning");
        context.setApplicationType("YARN");
        context.setQueue(DlMiniCluster.DEFAULT_QUEUE);
        context.setResource(Resource.newInstance(128, 1));
        context.setMaxAppAttempts(1);
        context.setAMContainerSpec(ContainerLaunchContext.newInstance(Map.of(), Map.of(), List.of("true"), null, null,
                null));
        return client.yarnClient().submitApplication(context);
    }

    private static void awaitOverHttp(String what, Poll.Condition check) throws Exception {
        Poll.until(what, Duration.ofSeconds(30), Duration.ofMillis(200), check);
    }

    private static JsonNode job(JsonNode jobs, ApplicationId id) {
        JsonNode job = find(jobs, id);
        assertNotNull(job, id + " not in " + jobs);
        return job;
    }

    private static JsonNode find(JsonNode jobs, ApplicationId id) {
        for (JsonNode job : jobs) {
            if (job.get("id").asText().equals(id.toString())) {
                return job;
            }
        }
        return null;
    }

    private static int max(JsonNode points, String field) {
        int max = 0;
        for (JsonNode point : points) {
            max = Math.max(max, point.get(field).asInt());
        }
        return max;
    }

    private static Set<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(name -> names.add(name.asText()));
        return Set.copyOf(names);
    }
}
