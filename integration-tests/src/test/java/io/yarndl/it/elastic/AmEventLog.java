package io.yarndl.it.elastic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The events an elastic ApplicationMaster wrote to {@code am-events.jsonl} in its container's log
 * directory when it ended: grants, resize decisions, checkpoints, generations, failures.
 */
record AmEventLog(List<JsonNode> events) {

    /**
     * The log of an application's AM, or of one AM container by its id (an application that ran
     * several attempts has one log per attempt), found under the mini cluster's work directory
     * (waiting a little: the AM writes it as it unregisters).
     */
    static AmEventLog of(Path clusterWorkDir, String applicationOrContainerId)
            throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 15_000;
        Optional<Path> found = find(clusterWorkDir, applicationOrContainerId);
        while (found.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            found = find(clusterWorkDir, applicationOrContainerId);
        }
        Path log = found.orElseThrow(() -> new AssertionError("no am-events.jsonl of " + applicationOrContainerId
                + " under " + clusterWorkDir));
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            if (!line.isBlank()) {
                events.add(json.readTree(line));
            }
        }
        return new AmEventLog(events);
    }

    private static Optional<Path> find(Path clusterWorkDir, String applicationId) throws IOException {
        try (Stream<Path> files = Files.walk(clusterWorkDir)) {
            return files.filter(p -> p.getFileName().toString().equals("am-events.jsonl")
                            && p.toString().contains(applicationId))
                    .findFirst();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    List<JsonNode> of(String kind) {
        return events.stream().filter(e -> e.path("kind").asText().equals(kind)).toList();
    }

    /**
     * For each generation after the first that followed a resize decision: milliseconds from the
     * decision to the first step reported at the new size.
     */
    List<Long> decisionToResumedMs() {
        List<Long> out = new ArrayList<>();
        Long decided = null;
        boolean started = false;
        for (JsonNode e : events) {
            String kind = e.path("kind").asText();
            long time = e.path("timeMs").asLong();
            switch (kind) {
                case "RESIZE_DECIDED" -> {
                    decided = time;
                    started = false;
                }
                case "GENERATION_STARTED" -> started = decided != null && e.path("generation").asInt() > 1;
                case "TRAINING_RESUMED" -> {
                    if (started && decided != null) {
                        out.add(time - decided);
                    }
                    decided = null;
                    started = false;
                }
                default -> { }
            }
        }
        return out;
    }

    String format() {
        StringBuilder out = new StringBuilder();
        events.forEach(e -> out.append(e).append('\n'));
        return out.toString();
    }
}
