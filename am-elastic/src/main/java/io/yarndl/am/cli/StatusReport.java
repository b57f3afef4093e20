package io.yarndl.am.cli;

import java.io.PrintWriter;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;

/**
 * {@code status}'s output: the ResourceManager's report of a job and, while it runs, its AM's own
 * status page, from the AM directly or through the RM's web proxy ({@link AmStatusUrls}).
 */
final class StatusReport {

    private StatusReport() {
    }

    static void print(ApplicationReport report, PrintWriter out) throws InterruptedException {
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
            new AmStatusClient().print(urls(report), out);
        }
        out.flush();
    }

    static AmStatusUrls urls(ApplicationReport report) {
        return AmStatusUrls.of(report.getOriginalTrackingUrl(), report.getTrackingUrl());
    }
}
