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
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code status <appId>}: the ResourceManager's report of a job and, while it runs, its AM's own
 * status page ({@code GET <tracking url>/v1/status}, see PROTOCOL.md).
 */
@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = YarnDlJob.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Show a job's state, and its ApplicationMaster's status while it runs.",
        synopsisHeading = "%nUsage: ", parameterListHeading = "%nPositional arguments:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n", footer = "  yarn jar yarn-dl-am.jar status application_1700000000000_0001")
final class StatusCommand implements Callable<Integer> {

    /** How long the AM's status page may take, connecting and answering each. */
    static final Duration AM_TIMEOUT = Duration.ofSeconds(3);

    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "APP_ID", converter = OptionConverters.AppId.class,
            description = "The application id, e.g. application_1700000000000_0001.")
    ApplicationId id;

    private final Configuration conf;

    StatusCommand(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Integer call() throws IOException, YarnException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        ApplicationReport report;
        try (YarnClient yarn = YarnDlJob.connect(conf)) {
            report = yarn.getApplicationReport(id);
        } catch (ApplicationNotFoundException e) {
            spec.commandLine().getErr().println("yarn-dl-am status: the ResourceManager knows no application " + id);
            return YarnDlJob.EXIT_FAILURE;
        }
        out.printf("Application:  %s%n", report.getApplicationId());
        out.printf("Name:         %s%n", report.getName());
        out.printf("Type:         %s%n", report.getApplicationType());
        out.printf("Queue:        %s%n", report.getQueue());
        out.printf("User:         %s%n", report.getUser());
        out.printf("State:        %s%n", report.getYarnApplicationState());
        out.printf("Final status: %s%n", report.getFinalApplicationStatus());
        out.printf("Progress:     %.0f%%%n", report.getProgress() * 100);
        out.printf("Tracking URL: %s%n", ApplicationFollower.trackingUrl(report));
        String diagnostics = report.getDiagnostics();
        out.printf("Diagnostics:  %s%n", diagnostics == null || diagnostics.isBlank() ? "" : diagnostics.strip());
        if (report.getYarnApplicationState() == YarnApplicationState.RUNNING) {
            printAmStatus(out, amUrl(report));
        }
        out.flush();
        return YarnDlJob.EXIT_OK;
    }

    private static void printAmStatus(PrintWriter out, String amUrl) throws InterruptedException {
        if (amUrl == null) {
            out.println("AM status: the AM has no tracking URL");
            return;
        }
        String url = amUrl + "/v1/status";
        try {
            HttpClient http = HttpClient.newBuilder().connectTimeout(AM_TIMEOUT).build();
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(AM_TIMEOUT)
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                out.printf("AM status: %s answered HTTP %d%n", url, response.statusCode());
                return;
            }
            out.printf("AM status (%s):%n%s%n", url, pretty(response.body()));
        } catch (IOException | IllegalArgumentException e) {
            out.printf("AM status: %s is not reachable (%s)%n", url, e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /**
     * The AM's own address (its original tracking URL, not the RM's proxy, which may need a browser
     * to accept a warning), with a scheme and without a trailing slash; null when there is none.
     */
    static String amUrl(ApplicationReport report) {
        String url = report.getOriginalTrackingUrl();
        if (url == null || url.isBlank() || url.equals("N/A")) {
            url = report.getTrackingUrl();
        }
        if (url == null || url.isBlank() || url.equals("N/A")) {
            return null;
        }
        if (!url.contains("://")) {
            url = "http://" + url;
        }
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    static String pretty(String body) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(body));
        } catch (JsonProcessingException notJson) {
            return body;
        }
    }
}
