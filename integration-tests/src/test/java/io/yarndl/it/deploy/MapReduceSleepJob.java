package io.yarndl.it.deploy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A non-DL application as a user runs one: MapReduce's sleep job from the tests jar the
 * distribution ships in share/hadoop/mapreduce ({@code hadoop org.apache.hadoop.mapreduce.SleepJob}),
 * one map and no reduce, in {@code root.default}. The RM's record of the application decides whether
 * it succeeded: with no JobHistory server the client may fail to fetch the final counters.
 */
final class MapReduceSleepJob {

    private static final Pattern SUBMITTED = Pattern.compile("Submitted application (application_\\d+_\\d+)");

    private MapReduceSleepJob() {
    }

    static JavaProcess start(HadoopProcesses cluster) throws Exception {
        return JavaProcess.start("mapreduce-sleep", cluster.layout().mapReduceClientClasspath(cluster.clientConf()),
                List.of("-Xmx256m"), "org.apache.hadoop.mapreduce.SleepJob",
                List.of("-Dmapreduce.job.queuename=default", "-Dmapreduce.job.name=non-dl-sleep",
                        "-m", "1", "-r", "0", "-mt", "15000"),
                cluster.layout().environment(cluster.clientConf()), cluster.runDir().resolve("logs/mapreduce-sleep.log"));
    }

    /** Waits for the client to end, then for the RM to report its application SUCCEEDED in root.default. */
    static String awaitSucceeded(JavaProcess client, RmRest rest, Duration timeout) throws InterruptedException {
        client.awaitExit(timeout);
        Matcher m = SUBMITTED.matcher(client.output());
        if (!m.find()) {
            throw new AssertionError("the sleep job was not submitted:\n" + client.tail(40));
        }
        String app = m.group(1);
        HadoopProcesses.await(app + " to finish", timeout, () -> !"UNDEFINED".equals(rest.finalStatus(app)));
        String queue = rest.app(app).map(a -> a.path("queue").asText()).orElse("?");
        if (!"SUCCEEDED".equals(rest.finalStatus(app)) || !queue.endsWith("default")) {
            throw new AssertionError(app + " ended " + rest.finalStatus(app) + " in queue " + queue + ":\n"
                    + client.tail(40));
        }
        return app;
    }
}
