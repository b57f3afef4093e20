package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.launch.Role;
import io.yarndl.am.launch.TrainerCommand;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ControlServerTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicInteger changes = new AtomicInteger();
    private final ControlToken token = ControlToken.generate();
    private ElasticJob job;
    private ControlServer server;

    @BeforeEach
    void start() throws Exception {
        job = new ElasticJob(new JobLimits(1, 2, 0, 0, 3, 10_000, 0, 32),
                (plan, id) -> new TrainerCommand(List.of("run", id), Map.of("G", "" + plan.generation())),
                System::currentTimeMillis);
        job.granted("container_1", Role.WORKER);
        server = new ControlServer(job, token, changes::incrementAndGet, 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Authorization", token.header()).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Authorization", token.header()).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anAgentGetsItsCommandAsJson() throws Exception {
        HttpResponse<String> r = get("/v1/assignment?container=container_1");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("\"state\":\"RUN\""), r.body());
        assertTrue(r.body().contains("\"argv\":[\"run\",\"container_1\"]"), r.body());
    }

    @Test
    void anUnknownContainerGets404AndAMissingParameter400() throws Exception {
        assertEquals(404, get("/v1/assignment?container=container_9").statusCode());
        assertEquals(400, get("/v1/assignment").statusCode());
        assertEquals(404, get("/v1/nothing").statusCode());
    }

    @Test
    void malformedBodiesGet400NamingTheProblem() throws Exception {
        HttpResponse<String> r = post("/v1/progress", "{not json");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("malformed JSON"), r.body());
        HttpResponse<String> missing = post("/v1/agent", "{\"container\":\"container_1\",\"event\":\"EXITED\"}");
        assertEquals(400, missing.statusCode());
        assertTrue(missing.body().contains("generation"), missing.body());
    }

    @Test
    void aNanLossFromPythonIsAcceptedAndIgnored() throws Exception {
        HttpResponse<String> r = post("/v1/progress",
                "{\"generation\":1,\"step\":5,\"loss\":NaN,\"samples_per_s\":10,\"world_size\":1}");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(1, job.status().get("rejected_samples"));
        assertEquals(-1L, job.scriptView().step());

        post("/v1/progress", "{\"generation\":1,\"step\":6,\"loss\":0.5,\"samples_per_s\":64,\"world_size\":1}");
        assertEquals(6L, job.scriptView().step());
        assertTrue(changes.get() >= 2);
    }

    @Test
    void aReportsBatchSizeAndNoiseScaleReachTheSampleAndABadBatchMakesItNonsense() throws Exception {
        post("/v1/progress", "{\"generation\":1,\"step\":6,\"loss\":0.5,\"samples_per_s\":64,\"world_size\":1,"
                + "\"batch_size\":128,\"noise_scale\":\"NaN\"}");
        post("/v1/progress", "{\"generation\":1,\"step\":7,\"loss\":0.5,\"samples_per_s\":64,\"world_size\":1,"
                + "\"batch_size\":128,\"noise_scale\":412.5}");
        var samples = job.takeUnpublished();
        assertEquals(2, samples.size(), samples.toString());
        assertEquals(128, samples.get(0).batchSize());
        assertTrue(Double.isNaN(samples.get(0).noiseScale()));
        assertEquals(412.5, samples.get(1).noiseScale());

        post("/v1/progress", "{\"generation\":1,\"step\":8,\"loss\":0.5,\"samples_per_s\":64,\"world_size\":1,"
                + "\"batch_size\":\"big\"}");
        assertEquals(1, job.status().get("rejected_samples"));
    }

    @Test
    void theStatusPageShowsTheJob() throws Exception {
        HttpResponse<String> r = get("/v1/status");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("\"generation\":1"), r.body());
        assertTrue(r.body().contains("GENERATION_STARTED"), r.body());
    }

    @Test
    void theStatusPageShowsWhatPartsStartedAfterTheServerReport() throws Exception {
        AtomicLong retries = new AtomicLong();
        server.reportAlso("rm_heartbeat_retries", retries::get);
        retries.set(6);

        HttpResponse<String> r = get("/v1/status");

        assertTrue(r.body().contains("\"rm_heartbeat_retries\":6"), r.body());
    }

    @Test
    void theStatusPageAnswersWithTheSlashTheRmProxyAppends() throws Exception {
        HttpResponse<String> r = get("/v1/status/");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("\"generation\":1"), r.body());
    }
}
