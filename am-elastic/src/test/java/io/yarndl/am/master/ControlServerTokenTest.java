package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.launch.Role;
import io.yarndl.am.launch.TrainerCommand;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The control endpoint refuses whoever lacks the application's token: a real {@link ControlServer}
 * on an ephemeral port, a real HTTP client, and the job behind it checked after every refusal.
 */
class ControlServerTokenTest {

    private static final String PROGRESS = "{\"generation\":1,\"step\":5,\"loss\":0.5,\"samples_per_s\":64,"
            + "\"world_size\":1}";
    private static final String SUCCESS = "{\"container\":\"container_1\",\"generation\":1,\"event\":\"EXITED\","
            + "\"exit_code\":0}";

    private final HttpClient http = HttpClient.newHttpClient();
    private final AtomicInteger changes = new AtomicInteger();
    private final ControlToken token = ControlToken.generate();
    private final List<LoggingEvent> warnings = new CopyOnWriteArrayList<>();
    private final AppenderSkeleton appender = new AppenderSkeleton() {
        @Override
        protected void append(LoggingEvent event) {
            if (event.getLevel().equals(Level.WARN)) {
                warnings.add(event);
            }
        }

        @Override
        public void close() {
        }

        @Override
        public boolean requiresLayout() {
            return false;
        }
    };
    private ElasticJob job;
    private ControlServer server;

    @BeforeEach
    void start() throws Exception {
        job = new ElasticJob(new JobLimits(1, 2, 0, 0, 3, 10_000, 0, 32),
                (plan, id) -> new TrainerCommand(List.of("run", id), Map.of()), System::currentTimeMillis);
        job.granted("container_1", Role.WORKER);
        server = new ControlServer(job, token, changes::incrementAndGet, 0);
        Logger.getLogger(ControlServer.class).addAppender(appender);
    }

    @AfterEach
    void stop() {
        Logger.getLogger(ControlServer.class).removeAppender(appender);
        server.close();
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder post(HttpRequest.Builder request, String body) {
        return request.POST(HttpRequest.BodyPublishers.ofString(body));
    }

    @Test
    void progressWithoutTheTokenIsRefusedCountedAndChangesNothing() throws Exception {
        HttpResponse<String> r = send(post(request("/v1/progress"), PROGRESS));

        assertEquals(401, r.statusCode(), r.body());
        assertEquals("Bearer realm=\"yarn-dl AM\"", r.headers().firstValue("WWW-Authenticate").orElse(""));
        assertEquals(-1L, job.scriptView().step());
        assertEquals(0, changes.get(), "the AM must not act on a refused request");
        assertEquals(1, server.unauthorizedRequests());
    }

    @Test
    void aForgedSuccessWithAWrongTokenDoesNotEndTheJob() throws Exception {
        HttpResponse<String> r = send(post(request("/v1/agent"), SUCCESS)
                .header("Authorization", ControlToken.generate().header()));

        assertEquals(401, r.statusCode(), r.body());
        assertEquals(JobOutcome.State.RUNNING, job.outcome().state());
        assertEquals(0, changes.get());
        assertEquals(1, server.unauthorizedRequests());
    }

    @Test
    void theRightTokenIsAccepted() throws Exception {
        HttpResponse<String> r = send(post(request("/v1/progress"), PROGRESS).header("Authorization", token.header()));

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(5L, job.scriptView().step());
        assertEquals(0, server.unauthorizedRequests());
    }

    @Test
    void everyEndpointButTheStatusPageNeedsTheToken() throws Exception {
        assertEquals(401, send(request("/v1/assignment?container=container_1")).statusCode());
        assertEquals(401, send(request("/v1/job")).statusCode());
        assertEquals(401, send(post(request("/v1/checkpoint"), "{\"generation\":1,\"step\":5}")).statusCode());
        assertEquals(401, send(request("/v1/nothing")).statusCode(), "no token, no hint which paths exist");
        assertEquals(4, server.unauthorizedRequests());
        assertEquals(-1L, job.scriptView().checkpointStep(), "the refused checkpoint was not recorded");

        for (String open : List.of("/", "/v1/status", "/v1/status/")) {
            assertEquals(200, send(request(open)).statusCode(), open);
        }
        assertEquals(4, server.unauthorizedRequests());
    }

    @Test
    void theStatusPageCountsTheRefusals() throws Exception {
        send(post(request("/v1/progress"), PROGRESS));
        send(post(request("/v1/progress"), PROGRESS).header("Authorization", "Bearer guessed"));

        HttpResponse<String> status = send(request("/v1/status"));
        assertTrue(status.body().contains("\"unauthorized_requests\":2"), status.body());
    }

    @Test
    void aRefusalIsLoggedWithPathAndAddressButNeverWhatWasOffered() throws Exception {
        send(post(request("/v1/agent"), SUCCESS).header("Authorization", "Bearer not-the-token-4711"));

        assertEquals(1, warnings.size(), warnings.toString());
        String line = warnings.get(0).getRenderedMessage();
        assertTrue(line.contains("POST /v1/agent"), line);
        assertTrue(line.contains("127.0.0.1"), line);
        assertTrue(line.contains("a wrong token"), line);
        assertFalse(line.contains("4711"), line);
        assertFalse(line.contains(token.header().substring(7)), line);
    }

    @Test
    void aRefusedPathCannotWriteALineOfItsOwnIntoTheLog() throws Exception {
        send(request("/v1/job%0A12:00:00,000%20INFO%20all%20is%20well"));

        String line = warnings.get(0).getRenderedMessage();
        assertFalse(line.contains("\n"), line);
        assertTrue(line.contains("/v1/job%0A12:00:00"), line);
    }

    @Test
    void theTokenUnderAnotherSchemeOrAlteredIsRefused() throws Exception {
        String value = token.header().substring("Bearer ".length());
        for (String offered : List.of("Basic " + value, value, "Bearer " + value + "x",
                "Bearer " + value.substring(1), "Bearer")) {
            assertEquals(401, send(post(request("/v1/progress"), PROGRESS).header("Authorization", offered))
                    .statusCode(), offered);
        }
        assertEquals(200, send(post(request("/v1/progress"), PROGRESS).header("Authorization", "bearer " + value))
                .statusCode(), "the scheme is case-insensitive (RFC 7235)");
    }
}
