package io.yarndl.it.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * The yarn-dl MBeans as an operator's monitoring reads them: over HTTP from the ResourceManager's
 * {@code /jmx} servlet ({@code /jmx?qry=yarn-dl:*}), by metric name. A counter's value is its
 * {@code Count} attribute, a gauge's its {@code Value}, a timer has {@code Count}, {@code Mean}
 * (milliseconds) and percentiles.
 */
final class RmJmx {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, JsonNode> beans;

    private RmJmx(Map<String, JsonNode> beans) {
        this.beans = beans;
    }

    /** Reads every yarn-dl MBean of the RM that {@code conf} points at. */
    static RmJmx read(Configuration conf) throws IOException, InterruptedException {
        String rm = WebAppUtils.getRMWebAppURLWithScheme(conf);
        URI uri = URI.create(rm + "/jmx?qry=" + SchedulerMetrics.JMX_DOMAIN + ":*");
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), uri + ": " + response.body());
        Map<String, JsonNode> beans = new TreeMap<>();
        for (JsonNode bean : JSON.readTree(response.body()).get("beans")) {
            String name = bean.get("name").asText();
            beans.put(name.substring(name.indexOf("name=") + "name=".length()), bean);
        }
        return new RmJmx(beans);
    }

    /** The MBean of {@code metric}; fails the test naming what /jmx had instead when it is missing. */
    JsonNode bean(String metric) {
        JsonNode bean = beans.get(metric);
        assertNotNull(bean, () -> "no MBean yarn-dl:name=" + metric + " in /jmx; it has " + beans.keySet());
        return bean;
    }

    /** A counter's or timer's {@code Count}. */
    long count(String metric) {
        return bean(metric).get("Count").asLong();
    }

    /** A gauge's {@code Value}. */
    JsonNode value(String metric) {
        return bean(metric).get("Value");
    }

    @Override
    public String toString() {
        return beans.toString();
    }
}
