package io.yarndl.demo;

import io.yarndl.am.cli.YarnDlJob;
import io.yarndl.demo.cluster.DlMiniCluster;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationId;

/**
 * Submits a {@link DemoJob} through yarn-dl's real client ({@code yarn jar yarn-dl-am.jar submit}, run
 * in this JVM with the cluster's configuration), as a person would on a real cluster.
 */
final class JobSubmitter {

    private static final Pattern SUBMITTED = Pattern.compile("Submitted application (application_\\d+_\\d+)");

    private final Configuration conf;
    private final DemoPaths paths;
    private final Path python;
    private final String amClasspath;

    /**
     * @param confDir the cluster's site files: with this JVM's classpath, the ApplicationMaster's
     *                classpath, since a mini cluster has no Hadoop installation to take it from
     */
    JobSubmitter(Configuration conf, Path confDir, DemoPaths paths, Path python) {
        this.conf = conf;
        this.paths = paths;
        this.python = python;
        this.amClasspath = confDir.toAbsolutePath() + File.pathSeparator + System.getProperty("java.class.path");
    }

    /** Submits {@code job}; returns its application id, or throws with what the client printed. */
    ApplicationId submit(DemoJob job) {
        List<String> args = new ArrayList<>(List.of("submit",
                "--name", job.name(), "--queue", DlMiniCluster.DL_QUEUE, "--framework", "pytorch",
                "--min-workers", Integer.toString(DemoJob.MIN_WORKERS),
                "--max-workers", Integer.toString(DemoJob.MAX_WORKERS),
                "--gpus-per-worker", Integer.toString(DemoJob.GPUS_PER_WORKER), "--memory", "1g", "--vcores", "1",
                "--epochs", Integer.toString(job.epochs()), "--steps-per-epoch", Integer.toString(job.stepsPerEpoch()),
                "--python", python.toString(), "--max-failures", "3", "--checkpoint-timeout", "10s",
                "--am-memory", "512m", "--am-jar", paths.amJar().toString(), "--am-extra-classpath", amClasspath,
                "--script", paths.ddpScript().toString(),
                "--", "--step-compute-seconds", Double.toString(job.stepSeconds())));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = YarnDlJob.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), conf);
        String printed = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        Matcher m = SUBMITTED.matcher(printed);
        if (code != YarnDlJob.EXIT_OK || !m.find()) {
            throw new IllegalStateException("submitting " + job.name() + " failed (exit " + code + "): " + printed.trim());
        }
        return ApplicationId.fromString(m.group(1));
    }
}
