package io.yarndl.it.elastic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.cli.YarnDlJob;
import io.yarndl.demo.cluster.DlMiniCluster;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;

/**
 * Submits real PyTorch jobs to a mini cluster the way users do: through the client's main class
 * ({@code YarnDlJob.run}, what {@code yarn jar yarn-dl-am.jar submit} runs), with the cluster's
 * configuration and this JVM's classpath on the AM's classpath (a mini cluster has no Hadoop install).
 */
public final class RealPyTorchJob {

    private static final Set<YarnApplicationState> ENDED =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);
    private static final Pattern SUBMITTED = Pattern.compile("Submitted application (application_\\d+_\\d+)");

    private RealPyTorchJob() {
    }

    /** The arguments of an all-reduce {@code examples/ddp_cnn.py} job of 1 GB, 1 vcore workers. */
    public static List<String> ddp(String name, int minWorkers, int maxWorkers, int gpusPerWorker, String... goal) {
        List<String> args = new ArrayList<>(List.of("--name", name, "--min-workers", Integer.toString(minWorkers),
                "--max-workers", Integer.toString(maxWorkers), "--gpus-per-worker", Integer.toString(gpusPerWorker),
                "--memory", "1g", "--vcores", "1"));
        args.addAll(List.of(goal));
        args.addAll(List.of("--script", examples().resolve("ddp_cnn.py").toString()));
        return args;
    }

    /** Submits through the client's main class; returns the application id it printed. */
    public static ApplicationId submit(DlMiniCluster cluster, List<String> jobArgs, String... scriptArgs)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("submit", "--queue", DlMiniCluster.DL_QUEUE,
                "--framework", "pytorch", "--python", "/usr/bin/python3", "--max-failures", "3",
                "--checkpoint-timeout", "10s", "--am-memory", "512m",
                // Jobs of a few seconds: progress each second rather than the default 5 s, so the
                // recorder sees more than one write per job.
                "--progress-interval", "1s",
                "--am-jar", System.getProperty("yarndl.am.jar"),
                "--am-extra-classpath", amClasspath(cluster)));
        args.addAll(jobArgs);
        if (scriptArgs.length > 0) {
            args.add("--");
            args.addAll(List.of(scriptArgs));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = YarnDlJob.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), cluster.yarnConf());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, "submit failed: " + printed + err.toString(StandardCharsets.UTF_8));
        Matcher m = SUBMITTED.matcher(printed);
        assertTrue(m.find(), "no application id in: " + printed);
        return ApplicationId.fromString(m.group(1));
    }

    /** Waits until {@code id} has ended (finished, failed or killed); its last report. */
    public static ApplicationReport awaitEnd(YarnClient yarn, ApplicationId id, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (System.currentTimeMillis() < deadline) {
            ApplicationReport report = yarn.getApplicationReport(id);
            if (ENDED.contains(report.getYarnApplicationState())) {
                return report;
            }
            Thread.sleep(200);
        }
        throw new TimeoutException(id + " did not end within " + timeout);
    }

    /** The cluster's configuration, then this JVM's classpath: no Hadoop install in a mini cluster. */
    private static String amClasspath(DlMiniCluster cluster) {
        String own = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return cluster.confDir().toAbsolutePath() + File.pathSeparator + own;
    }

    static Path examples() {
        return Path.of(System.getProperty("yarndl.examples", "../examples")).toAbsolutePath();
    }
}
