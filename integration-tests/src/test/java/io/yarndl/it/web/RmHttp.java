package io.yarndl.it.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Real HTTP to the RM's web port, as curl or a browser would call it. A caller is named the way
 * Hadoop's simple HTTP authentication takes it, {@code ?user.name=<user>}; without one the
 * request is anonymous.
 */
public final class RmHttp {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String base;

    /** @param base the RM's web address, e.g. {@code http://localhost:8088} */
    public RmHttp(String base) {
        this.base = base;
    }

    /** An answer: status, content type and body. */
    public record Answer(int status, String contentType, String body) {

        public JsonNode json() throws IOException {
            return JSON.readTree(body);
        }

        @Override
        public String toString() {
            return status + " " + contentType + ": " + (body.length() > 2000 ? body.substring(0, 2000) + "…" : body);
        }
    }

    String url(String path) {
        return base + path;
    }

    public Answer get(String path) throws IOException, InterruptedException {
        return get(path, Map.of());
    }

    /** A GET with these headers besides the client's own, e.g. a browser's {@code User-Agent}. */
    Answer get(String path, Map<String, String> headers) throws IOException, InterruptedException {
        return send(withHeaders(HttpRequest.newBuilder(URI.create(base + path)).GET(), headers));
    }

    /** A PUT as {@code user} (null: anonymous) with a JSON body (null: none). */
    public Answer put(String path, String user, String body) throws IOException, InterruptedException {
        return put(path, user, body, Map.of());
    }

    /** {@link #put(String, String, String)} with these headers besides the client's own. */
    Answer put(String path, String user, String body, Map<String, String> headers)
            throws IOException, InterruptedException {
        String uri = base + path + (user == null ? "" : (path.contains("?") ? "&" : "?") + "user.name="
                + URLEncoder.encode(user, StandardCharsets.UTF_8));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).header("Content-Type", "application/json")
                .PUT(body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return send(withHeaders(request, headers));
    }

    /** GET a JSON document that must answer 200. */
    JsonNode json(String path) throws IOException, InterruptedException {
        Answer answer = get(path);
        if (answer.status() != 200 || !answer.contentType().startsWith("application/json")) {
            throw new AssertionError(path + " answered " + answer);
        }
        return answer.json();
    }

    private static HttpRequest.Builder withHeaders(HttpRequest.Builder request, Map<String, String> headers) {
        headers.forEach(request::header);
        return request;
    }

    private static Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(request.timeout(Duration.ofSeconds(15)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                response.body());
    }
}
