package io.yarndl.am.master;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM's HTTP endpoint for its containers and for people (PROTOCOL.md): agents poll their
 * assignment and report their trainers' lives, rank 0 reports progress and checkpoints, anyone reads
 * the status. JSON both ways; a malformed body gets 400 naming what is wrong, never a crash. The
 * same address is the application's tracking URL.
 *
 * <p>Every endpoint but the status page asks for the application's {@link ControlToken}: a request
 * without it, or with another, gets 401, changes nothing, is logged at WARN (method, path and
 * remote address, never what it offered) and counted in the status as
 * {@code unauthorized_requests}. The status page stays open because it is read-only and people
 * reach it through the ResourceManager's web proxy, which has no token to add.
 */
public final class ControlServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ControlServer.class);
    private static final int MAX_BODY_BYTES = 1 << 20;

    // Python's json writes NaN and Infinity as bare words: read them, so the job can ignore the sample.
    private final ObjectMapper json = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();
    private static final Set<String> OPEN = Set.of("GET /", "GET /v1/status", "GET /v1/status/");

    private final ElasticJob job;
    private final ControlToken token;
    private final AtomicLong unauthorized = new AtomicLong();
    private final Map<String, Supplier<Object>> alsoReported = new ConcurrentSkipListMap<>();
    private final Runnable afterChange;
    private final HttpServer server;
    private final ExecutorService pool;

    /**
     * @param job         the job the requests read and change
     * @param token       what every request but the status page's must carry
     * @param afterChange run after every request that may have changed the job (the AM acts on it)
     * @param port        0 for any free port
     */
    public ControlServer(ElasticJob job, ControlToken token, Runnable afterChange, int port) throws IOException {
        this.job = job;
        this.token = token;
        this.afterChange = afterChange;
        this.server = HttpServer.create(new InetSocketAddress(port), 64);
        this.pool = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "am-control");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    /**
     * Shows {@code value()} as {@code key} on the status page from now on: what parts of the AM
     * started after this server (the RM client) have to report.
     */
    public void reportAlso(String key, Supplier<Object> value) {
        alsoReported.put(key, value);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Requests refused for a missing or wrong token since the AM started. */
    public long unauthorizedRequests() {
        return unauthorized.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (!OPEN.contains(method + " " + path) && !token.admits(authorization)) {
                // The raw path: a decoded one could carry a line break into the log.
                refuse(exchange, method, exchange.getRequestURI().getRawPath(),
                        authorization == null ? "no token" : "a wrong token");
                return;
            }
            try {
                Object answer = switch (method + " " + path) {
                    case "GET /v1/assignment" -> assignment(query(exchange).get("container"));
                    case "POST /v1/agent" -> agent(body(exchange));
                    case "GET /v1/job" -> scriptView(job.scriptView());
                    case "POST /v1/progress" -> progress(body(exchange));
                    case "POST /v1/checkpoint" -> checkpoint(body(exchange));
                    // The RM's proxy forwards /proxy/<app>/ to the registered /v1/status with a slash after it.
                    case "GET /", "GET /v1/status", "GET /v1/status/" -> status();
                    default -> throw new HttpError(404, "no such endpoint: " + method + " " + path);
                };
                send(exchange, 200, answer);
            } catch (HttpError e) {
                send(exchange, e.status, Map.of("error", e.getMessage()));
            } catch (RuntimeException e) {
                LOG.warn("request {} {} failed", method, path, e);
                send(exchange, 500, Map.of("error", String.valueOf(e)));
            }
        }
    }

    private void refuse(HttpExchange exchange, String method, String path, String why) throws IOException {
        long count = unauthorized.incrementAndGet();
        LOG.warn("refused {} {} from {}: {} ({} refused so far)", method, path, exchange.getRemoteAddress(), why,
                count);
        exchange.getResponseHeaders().set("WWW-Authenticate", ControlToken.SCHEME + " realm=\"yarn-dl AM\"");
        send(exchange, 401, Map.of("error", "this endpoint needs the application's control token ("
                + "Authorization: " + ControlToken.SCHEME + " <token from the container's credentials>)"));
    }

    private Map<String, Object> status() {
        Map<String, Object> out = new LinkedHashMap<>(job.status());
        out.put("unauthorized_requests", unauthorized.get());
        alsoReported.forEach((key, value) -> out.put(key, value.get()));
        return out;
    }

    private Object assignment(String containerId) {
        if (containerId == null || containerId.isBlank()) {
            throw new HttpError(400, "missing query parameter 'container'");
        }
        Optional<AgentAssignment> assignment = job.assignment(containerId);
        return assignmentJson(assignment.orElseThrow(() -> new HttpError(404, "not a container of this job: "
                + containerId)));
    }

    private Object agent(JsonNode body) {
        String containerId = text(body, "container");
        int generation = integer(body, "generation");
        String event = text(body, "event");
        switch (event) {
            case "STARTED" -> LOG.info("{} started its trainer for generation {}", containerId, generation);
            case "EXITED" -> {
                int code = integer(body, "exit_code");
                String tail = body.path("log_tail").asText("");
                LOG.info("{}: trainer of generation {} exited with code {}", containerId, generation, code);
                job.trainerExited(containerId, generation, code, tail);
                afterChange.run();
            }
            default -> throw new HttpError(400, "unknown event '" + event + "': expected STARTED or EXITED");
        }
        return assignment(containerId);
    }

    private Object progress(JsonNode body) {
        ProgressReport report = new ProgressReport(integer(body, "generation"), body.path("step").asLong(-1),
                number(body, "loss"), number(body, "samples_per_s"), body.path("world_size").asInt(1),
                batchSize(body), number(body, "noise_scale"));
        ScriptView view = job.progress(report);
        afterChange.run();
        return scriptView(view);
    }

    private Object checkpoint(JsonNode body) {
        ScriptView view = job.checkpointed(integer(body, "generation"), body.path("step").asLong(-1));
        LOG.info("checkpoint of generation {} at step {}: {}", body.path("generation").asInt(),
                body.path("step").asLong(-1), body.path("uri").asText(""));
        afterChange.run();
        return scriptView(view);
    }

    private static Map<String, Object> scriptView(ScriptView view) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("generation", view.generation());
        out.put("resize_pending", view.resizePending());
        out.put("step", view.step());
        out.put("checkpoint_step", view.checkpointStep());
        return out;
    }

    private static Map<String, Object> assignmentJson(AgentAssignment a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("generation", a.generation());
        out.put("state", a.state().name());
        if (a.command() != null) {
            out.put("argv", a.command().argv());
            out.put("env", a.command().env());
        }
        return out;
    }

    private JsonNode body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                throw new HttpError(413, "body larger than " + MAX_BODY_BYTES + " bytes");
            }
            JsonNode node = json.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new HttpError(400, "the body must be a JSON object");
            }
            return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new HttpError(400, "malformed JSON: " + e.getOriginalMessage());
        }
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> out = new LinkedHashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static String text(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || !node.isTextual() || node.asText().isBlank()) {
            throw new HttpError(400, "missing or non-text field '" + field + "'");
        }
        return node.asText();
    }

    private static int integer(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || !node.canConvertToInt()) {
            throw new HttpError(400, "missing or non-integer field '" + field + "'");
        }
        return node.asInt();
    }

    /** {@code batch_size}: absent is {@link ProgressReport#UNSAID}; not a positive integer makes the sample nonsense. */
    private static int batchSize(JsonNode body) {
        JsonNode node = body.get("batch_size");
        if (node == null || node.isNull()) {
            return ProgressReport.UNSAID;
        }
        return node.canConvertToInt() && node.isIntegralNumber() && node.asInt() > 0 ? node.asInt() : -1;
    }

    /** A number, or NaN when absent or not numeric (the job then ignores the sample). */
    private static double number(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null) {
            return Double.NaN;
        }
        if (node.isNumber()) {
            return node.asDouble();
        }
        if (node.isTextual()) {
            try {
                return Double.parseDouble(node.asText());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    private void send(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = json.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }

    /** An answer other than 200, with its message. */
    private static final class HttpError extends RuntimeException {
        final int status;

        HttpError(int status, String message) {
            super(message);
            this.status = status;
        }
    }
}
