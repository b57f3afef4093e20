package io.yarndl.am.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Fetches a running AM's status page ({@code GET /v1/status}) from the first of its
 * {@link AmStatusUrls} that answers, and prints it. Every URL that did not answer is named, so a
 * failing {@code status} says which addresses it tried.
 */
final class AmStatusClient {

    /** How long each URL may take, connecting and answering each. */
    static final Duration TIMEOUT = Duration.ofSeconds(3);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    /** @return whether one of the URLs answered with the status */
    boolean print(AmStatusUrls urls, PrintWriter out) throws InterruptedException {
        if (urls.inOrder().isEmpty()) {
            out.println("AM status: the AM has no tracking URL");
            return false;
        }
        for (String url : urls.inOrder()) {
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                        .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    out.printf("AM status (%s):%n%s%n", url, pretty(response.body()));
                    return true;
                }
                out.printf("AM status: %s answered HTTP %d%n", url, response.statusCode());
            } catch (IOException | IllegalArgumentException e) {
                out.printf("AM status: %s is not reachable (%s)%n", url, e.getMessage() == null
                        ? e.getClass().getSimpleName() : e.getMessage());
            }
        }
        return false;
    }

    static String pretty(String body) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(body));
        } catch (JsonProcessingException notJson) {
            return body;
        }
    }
}
