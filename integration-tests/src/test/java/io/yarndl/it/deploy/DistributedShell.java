package io.yarndl.it.deploy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hadoop's DistributedShell, a non-DL application, run as a user runs it ({@code yarn jar
 * hadoop-yarn-applications-distributedshell.jar -jar <same jar> ...}): one container that sleeps, in
 * {@code root.default}. Its client waits for the application to end and exits 0 when it succeeded.
 */
final class DistributedShell {

    private static final Pattern SUBMITTED = Pattern.compile("Submitted application (application_\\d+_\\d+)");

    private DistributedShell() {
    }

    static JavaProcess start(HadoopProcesses cluster, Path jar) throws Exception {
        return JavaProcess.start("distributedshell", cluster.layout().clientClasspath(cluster.clientConf()),
                List.of("-Xmx256m"), "org.apache.hadoop.util.RunJar",
                List.of(jar.toString(), "-jar", jar.toString(), "-appname", "non-dl-sleep", "-queue", "default",
                        "-shell_command", "sleep", "-shell_args", "20", "-num_containers", "1",
                        "-container_memory", "256", "-master_memory", "512"),
                cluster.layout().environment(cluster.clientConf()), cluster.runDir().resolve("logs/distributedshell.log"));
    }

    /** Waits for the client to exit 0 and the RM to report the application SUCCEEDED in root.default. */
    static String awaitSucceeded(JavaProcess client, RmRest rest, Duration timeout) throws InterruptedException {
        int exit = client.awaitExit(timeout);
        Matcher m = SUBMITTED.matcher(client.output());
        if (exit != 0 || !m.find()) {
            throw new AssertionError("DistributedShell failed (exit " + exit + "):\n" + client.tail(40));
        }
        String app = m.group(1);
        String queue = rest.app(app).map(a -> a.path("queue").asText()).orElse("?");
        if (!"SUCCEEDED".equals(rest.finalStatus(app)) || !queue.endsWith("default")) {
            throw new AssertionError(app + " ended " + rest.finalStatus(app) + " in queue " + queue);
        }
        return app;
    }
}
