package io.yarndl.am.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Watches one application through the ResourceManager's reports: until its AM has started (for the
 * tracking URL printed after a submission) or until it ends ({@code submit --wait}).
 */
final class ApplicationFollower {

    static final Set<YarnApplicationState> TERMINAL =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

    private final YarnClient yarn;
    private final ApplicationId id;
    private final Duration pollInterval;

    ApplicationFollower(YarnClient yarn, ApplicationId id, Duration pollInterval) {
        this.yarn = yarn;
        this.id = id;
        this.pollInterval = pollInterval;
    }

    /** The first report that shows the AM running (or the application over), or the last one after {@code max}. */
    ApplicationReport awaitStart(Duration max) throws IOException, YarnException, InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (true) {
            ApplicationReport report = yarn.getApplicationReport(id);
            YarnApplicationState state = report.getYarnApplicationState();
            if (state == YarnApplicationState.RUNNING || TERMINAL.contains(state) || System.nanoTime() > deadline) {
                return report;
            }
            Thread.sleep(pollInterval.toMillis());
        }
    }

    /**
     * Prints each state change until the application ends, then its final status and diagnostics.
     *
     * @return 0 when it finished SUCCEEDED, 1 otherwise
     */
    int followToEnd(PrintWriter out) throws IOException, YarnException, InterruptedException {
        YarnApplicationState last = null;
        while (true) {
            ApplicationReport report = yarn.getApplicationReport(id);
            YarnApplicationState state = report.getYarnApplicationState();
            if (state != last) {
                out.printf("%s is %s%s%n", id, state,
                        state == YarnApplicationState.RUNNING ? " (" + trackingUrl(report) + ")" : "");
                out.flush();
                last = state;
            }
            if (TERMINAL.contains(state)) {
                FinalApplicationStatus status = report.getFinalApplicationStatus();
                out.printf("Final status: %s%n", status);
                String diagnostics = report.getDiagnostics();
                if (diagnostics != null && !diagnostics.isBlank()) {
                    out.printf("Diagnostics: %s%n", diagnostics.strip());
                }
                out.flush();
                return state == YarnApplicationState.FINISHED && status == FinalApplicationStatus.SUCCEEDED ? 0 : 1;
            }
            Thread.sleep(pollInterval.toMillis());
        }
    }

    /** The tracking URL as the RM reports it (its web proxy), or {@code N/A}. */
    static String trackingUrl(ApplicationReport report) {
        String url = report.getTrackingUrl();
        return url == null || url.isBlank() ? "N/A" : url;
    }
}
