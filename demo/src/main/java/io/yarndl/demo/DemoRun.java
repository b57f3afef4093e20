package io.yarndl.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One demo from start to stop: the cluster up, the URLs printed, the two jobs submitted and followed
 * ({@link JobsFollower}), a summary, the cluster stopped. The cluster is stopped on every path out,
 * Ctrl-C and failures included.
 */
final class DemoRun {

    private final DemoSettings settings;
    private final DemoPaths paths;
    private final PrintStream out;

    DemoRun(DemoSettings settings, DemoPaths paths, PrintStream out) {
        this.settings = settings;
        this.paths = paths;
        this.out = out;
    }

    /** Runs the demo; returns the exit status ({@link YarnDlDemo}'s codes). */
    int run() throws Exception {
        StopSignal stop = StopSignal.install(out);
        ProgressPrinter printer = new ProgressPrinter(out, ProgressPrinter.terminalCanRedraw());
        int port = WebPortChoice.choose(settings.webPort());
        if (port != settings.webPort()) {
            printer.plain("Port " + settings.webPort() + " is in use: the ResourceManager's web UI takes port " + port
                    + " instead (--web-port chooses another).");
        }
        printer.plain("Starting ZooKeeper, HDFS and YARN (2 NodeManagers x 4 GPUs, scheduler policy "
                + settings.policy() + "); the cluster's log: " + paths.log());
        removePreviousRun(DemoPaths.clusterDir(paths.workDir()));
        DemoCluster cluster = DemoCluster.start(settings.policy(), port);
        List<JobStatus> outcome = List.of();
        try {
            printer.plain("Cluster up in " + ProgressPrinter.clock(printer.elapsed()) + ".");
            printUrls(printer, cluster);
            if (!stop.requested()) {
                outcome = new JobsFollower(settings, paths, cluster, printer, stop).follow();
                printSummary(printer, outcome, stop.requested());
            }
            if (settings.keepRunning() && !stop.requested()) {
                printer.plain("--keep-running: the cluster stays up for the web page; Ctrl-C stops it.");
                while (!stop.await(Duration.ofHours(1))) {
                    // Until Ctrl-C.
                }
            }
        } finally {
            printer.freeze();
            printer.plain("Stopping: jobs, YARN, HDFS, ZooKeeper...");
            long before = System.nanoTime();
            int leftovers = cluster.stop();
            printer.plain("Stopped in " + ProgressPrinter.clock(Duration.ofNanos(System.nanoTime() - before))
                    + (leftovers > 0 ? "; ended " + leftovers + " processes the containers had left" : "")
                    + ". Total " + ProgressPrinter.clock(printer.elapsed()) + ".");
        }
        if (stop.requested()) {
            return YarnDlDemo.EXIT_INTERRUPTED;
        }
        boolean allSucceeded = !outcome.isEmpty() && outcome.stream().allMatch(JobStatus::succeeded);
        return allSucceeded ? 0 : YarnDlDemo.EXIT_FAILED;
    }

    /** Each run's MiniYARNCluster makes a new folder; without this they pile up under target/. */
    private static void removePreviousRun(Path clusterDir) throws IOException {
        if (!Files.exists(clusterDir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(clusterDir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void printUrls(ProgressPrinter printer, DemoCluster cluster) {
        String base = cluster.webBase();
        String dl = base + "/ws/v1/cluster/dl";
        printer.plain("");
        printer.plain("  web page      " + dl + "/ui");
        printer.plain("  REST          " + dl + "/jobs   " + dl + "/plan   " + dl + "/policy");
        printer.plain("  metrics (JMX) " + base + "/jmx?qry=yarn-dl:*");
        printer.plain("  YARN UI       " + base + "/cluster");
        printer.plain("");
    }

    private static void printSummary(ProgressPrinter printer, List<JobStatus> jobs, boolean stopped) {
        printer.plain("");
        printer.plain(stopped ? "Stopped before the jobs ended; they are killed now:" : "Summary:");
        for (JobStatus j : jobs) {
            String loss = Double.isNaN(j.loss()) ? "" : String.format(Locale.ROOT, ", last loss %.4f", j.loss());
            printer.plain(String.format(Locale.ROOT, "  %-11s %s  %-18s %s %s (%s of %d steps%s)",
                    j.name(), j.applicationId(), j.state(), j.ended() ? "completion time" : "ran for",
                    ProgressPrinter.clock(j.elapsed()), j.step() < 0 ? "0" : Long.toString(j.step()), j.totalSteps(),
                    loss));
        }
    }
}
