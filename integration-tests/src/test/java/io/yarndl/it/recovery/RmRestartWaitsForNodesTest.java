package io.yarndl.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.Poll;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.metrics.RoundMetrics;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.web.DlWebServices;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Proves that a restarted ResourceManager's scheduler keeps the plan it restored until the
 * NodeManagers that ran DL containers are back, instead of planning on the empty cluster it sees
 * first. The NodeManagers here retry the RM every {@value #NM_RETRY_MS} ms, so the new RM runs
 * several rounds (every 500 ms) before they re-register, as a real cluster does for 20-30 s with
 * Hadoop's default retries. Those rounds must keep the restored plan (counted as
 * {@value RoundMetrics#WAITING_FOR_NODES}); no target change after the restart may size a job
 * below what it held; rounds plan again once the nodes are back; the sizes and target changes
 * REST served before the restart are still served after it; and both jobs finish with the very
 * workers they started with, none preempted.
 */
class RmRestartWaitsForNodesTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    /** Stock: 30 s (RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS). Long enough for rounds to see an empty cluster. */
    private static final long NM_RETRY_MS = 5_000;
    private static final String DL = "/ws/v1/cluster/dl/jobs/";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static DlMiniCluster cluster;
    private static ToyJobClient client;
    private static String web;

    @BeforeAll
    static void startCluster() throws Exception {
        Consumer<Configuration> slowNodeManagers = conf -> {
            conf.setLong(YarnConfiguration.NM_RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, NM_RETRY_MS);
            conf.set(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS, DlWebServices.class.getName());
        };
        cluster = DlMiniCluster.start(DlClusterOptions.restartable()
                .withTweaks(TrainingJobs.UNDER_OPTIMUS.andThen(slowNodeManagers)));
        client = ToyJobClient.on(cluster);
        web = WebAppUtils.getRMWebAppURLWithScheme(cluster.yarnConf());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theRestoredPlanHoldsUntilTheNodeManagersAreBackThenRoundsResumeAndRestHistoriesGoOn() throws Exception {
        TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, "alpha", "beta");
        DeepLearningScheduler before = cluster.activeScheduler();
        SchedulerHandover.awaitModelsCheckpointed(before, jobs.jobs(), TIMEOUT);
        Poll.until("a checkpoint carrying both jobs' sizes and the nodes they ran on", TIMEOUT, () -> {
            SchedulerCheckpoint written = before.checkpoints().lastWritten().orElse(null);
            return written != null && !written.carriedOver().dlNodes().isEmpty() && jobs.jobs().stream().allMatch(
                    job -> written.carriedOver().sizes().stream().anyMatch(p -> p.jobId().equals(job.id().toString())));
        });
        List<JsonNode> detailsBefore = new ArrayList<>();
        for (TrainingJobs.Job job : jobs.jobs()) {
            detailsBefore.add(detail(job));
        }

        long restarting = System.currentTimeMillis();
        cluster.restartResourceManager();
        DeepLearningScheduler after = cluster.activeScheduler();
        assertNotSame(before, after, "the RM was not replaced");
        SchedulerCheckpoint last = before.checkpoints().lastWritten().orElseThrow();
        SchedulerHandover.assertTookOver(before, after, jobs.jobs(), TIMEOUT);
        Poll.until("a round that plans again after the restart", TIMEOUT, () -> after.planBook().rounds() > last.rounds());
        long waited = after.metrics().registry().counter(RoundMetrics.WAITING_FOR_NODES).getCount();
        System.out.printf("RM restart: %d rounds kept the restored plan until the NodeManagers were back;"
                + " planning again %d ms after the restart began%n", waited, System.currentTimeMillis() - restarting);

        assertTrue(waited > 0, "no round waited for the NodeManagers: the test saw no empty cluster");
        for (PlanBook.TargetChange change : after.planBook().history()) {
            if (change.timeSec() * 1000 >= restarting) {
                assertEquals(TrainingJobs.WORKERS, change.workers(), "a round after the restart changed a target: "
                        + change + "; all changes: " + after.planBook().history());
            }
        }
        for (TrainingJobs.Job job : jobs.jobs()) {
            assertEquals(TrainingJobs.WORKERS, after.planBook().target(job.id().toString()).workers(), job.name());
        }

        for (int i = 0; i < jobs.jobs().size(); i++) {
            TrainingJobs.Job job = jobs.jobs().get(i);
            JsonNode beforeRestart = detailsBefore.get(i);
            JsonNode afterRestart = detail(job);
            assertStartsWith(beforeRestart.get("sizes"), afterRestart.get("sizes"), job.name() + "'s sizes");
            assertStartsWith(beforeRestart.get("targetChanges"), afterRestart.get("targetChanges"),
                    job.name() + "'s target changes");
        }
        jobs.awaitSucceededWithTheirFirstContainers(restarting);
    }

    /** {@code GET /ws/v1/cluster/dl/jobs/{id}}, polled until the RM serves it (after its first round sees the job). */
    private static JsonNode detail(TrainingJobs.Job job) throws Exception {
        JsonNode[] answer = new JsonNode[1];
        Poll.until(job.name() + "'s detail over REST", TIMEOUT, () -> {
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(web + DL + job.id()))
                        .header("Accept", "application/json").timeout(Duration.ofSeconds(15)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200) {
                    return false;
                }
                answer[0] = JSON.readTree(response.body());
                return answer[0].get("sizes").size() > 0;
            } catch (java.io.IOException notUpYet) {
                return false;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        return answer[0];
    }

    private static void assertStartsWith(JsonNode expectedPrefix, JsonNode actual, String what) {
        assertTrue(expectedPrefix.size() > 0, what + " before the restart: none");
        assertTrue(actual.size() >= expectedPrefix.size(), what + " after the restart: " + actual
                + ", before: " + expectedPrefix);
        for (int i = 0; i < expectedPrefix.size(); i++) {
            assertEquals(expectedPrefix.get(i), actual.get(i), what + " [" + i + "] after the restart: " + actual);
        }
    }
}
