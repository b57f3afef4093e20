package io.yarndl.it.deploy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * yarn-dl's client as a user on an edge node runs it, {@code yarn jar yarn-dl-am.jar <command>}:
 * each command is its own JVM running {@code org.apache.hadoop.util.RunJar} (what {@code yarn jar}
 * runs) with the Hadoop client classpath of the layout and the client's configuration folder, and
 * nothing of yarn-dl but the jar.
 */
final class YarnDlClient {

    private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(3);
    private static final Pattern SUBMITTED = Pattern.compile("Submitted application (application_\\d+_\\d+)");

    private final HadoopProcesses cluster;
    private final Path amJar;
    private int commands;

    YarnDlClient(HadoopProcesses cluster, Path amJar) {
        this.cluster = cluster;
        this.amJar = amJar;
    }

    /** What one command printed and its exit code. */
    record Result(int exit, String output) {
    }

    Result run(List<String> args) throws Exception {
        commands++;
        List<String> runJarArgs = new ArrayList<>(List.of(amJar.toString()));
        runJarArgs.addAll(args);
        JavaProcess client = JavaProcess.start("yarn-dl-am " + args.get(0), classpath(), List.of("-Xmx256m"),
                "org.apache.hadoop.util.RunJar", runJarArgs, cluster.layout().environment(cluster.clientConf()),
                cluster.runDir().resolve("logs/client-" + commands + "-" + args.get(0) + ".log"));
        int exit = client.awaitExit(COMMAND_TIMEOUT);
        return new Result(exit, client.output());
    }

    /** Submits; returns the application id it printed, or fails with what it printed. */
    String submit(List<String> args) throws Exception {
        List<String> all = new ArrayList<>(List.of("submit"));
        all.addAll(args);
        Result result = run(all);
        Matcher m = SUBMITTED.matcher(result.output());
        if (result.exit() != 0 || !m.find()) {
            throw new AssertionError("submit failed (exit " + result.exit() + "):\n" + result.output());
        }
        return m.group(1);
    }

    private String classpath() {
        return cluster.layout().clientClasspath(cluster.clientConf());
    }
}
