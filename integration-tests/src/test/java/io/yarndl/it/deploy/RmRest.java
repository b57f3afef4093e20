package io.yarndl.it.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the test reads from the ResourceManager's REST API, as an operator's tools would: its state,
 * its nodes, an application's state and live containers, and yarn-dl's jobs. Every call answers
 * empty while the RM is down.
 */
final class RmRest {

    private final String base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json = new ObjectMapper();

    RmRest(String webAddress) {
        this.base = "http://" + webAddress;
    }

    Optional<JsonNode> get(String path) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + path))
                    .header("Accept", "application/json").timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(json.readTree(response.body())) : Optional.empty();
        } catch (IOException down) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Whether the RM serves as the active one, recovery done. */
    boolean active() {
        return get("/ws/v1/cluster/info").map(info -> info.path("clusterInfo"))
                .filter(info -> "STARTED".equals(info.path("state").asText())
                        && "ACTIVE".equals(info.path("haState").asText()))
                .isPresent();
    }

    /** How many NodeManagers are registered and RUNNING. */
    int runningNodes() {
        return get("/ws/v1/cluster/nodes?states=RUNNING").map(n -> n.path("nodes").path("node").size()).orElse(0);
    }

    /** An application's {@code app} object (state, finalStatus, queue, ...), if the RM knows it. */
    Optional<JsonNode> app(String appId) {
        return get("/ws/v1/cluster/apps/" + appId).map(n -> n.path("app")).filter(n -> !n.isMissingNode());
    }

    String finalStatus(String appId) {
        return app(appId).map(a -> a.path("finalStatus").asText()).orElse("UNKNOWN");
    }

    String state(String appId) {
        return app(appId).map(a -> a.path("state").asText()).orElse("UNKNOWN");
    }

    /** The live containers of the application's current attempt, as the RM lists them. */
    Set<String> containers(String appId) {
        Set<String> ids = new TreeSet<>();
        get("/ws/v1/cluster/apps/" + appId + "/appattempts").ifPresent(attempts -> {
            for (JsonNode attempt : attempts.path("appAttempts").path("appAttempt")) {
                String attemptId = attempt.path("appAttemptId").asText();
                get("/ws/v1/cluster/apps/" + appId + "/appattempts/" + attemptId + "/containers")
                        .ifPresent(c -> c.findValues("containerId").forEach(id -> ids.add(id.asText())));
            }
        });
        return ids;
    }

    /** yarn-dl's DL jobs and the workers each holds now (GET /ws/v1/cluster/dl/jobs). */
    Map<String, Integer> dlWorkers() {
        Map<String, Integer> workers = new LinkedHashMap<>();
        get("/ws/v1/cluster/dl/jobs").ifPresent(body -> {
            for (JsonNode job : body.path("jobs")) {
                if (job.path("live").asBoolean()) {
                    workers.put(job.path("id").asText(), job.path("size").path("workers").asInt());
                }
            }
        });
        return workers;
    }
}
