package io.yarndl.am.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * A training script, an extra file and a stand-in AM jar in a temporary directory, and a
 * configuration whose ResourceManager is an address where nothing listens, with retries off: a
 * command that got past validation fails fast on connecting (exit 1) instead of hanging.
 */
final class CliFixture {

    /** A finished run of the CLI. */
    record Result(int exitCode, String out, String err) {
    }

    final Path dir;
    final Path script;
    final Path data;
    final Path amJar;

    CliFixture(Path dir) throws IOException {
        this.dir = dir;
        this.script = Files.writeString(dir.resolve("train.py"), "print('training')\n");
        this.data = Files.writeString(dir.resolve("data.npz"), "not really numpy");
        this.amJar = Files.writeString(dir.resolve("yarn-dl-am.jar"), "not really a jar");
    }

    /** No ZooKeeper keys, an RM nobody serves. */
    static Configuration unreachableCluster() {
        Configuration conf = new Configuration(false);
        conf.set("yarn.resourcemanager.address", "127.0.0.1:1");
        conf.set("yarn.resourcemanager.connect.max-wait.ms", "500");
        conf.set("yarn.resourcemanager.connect.retry-interval.ms", "100");
        conf.set("ipc.client.connect.max.retries", "0");
        conf.set("ipc.client.connect.max.retries.on.timeouts", "0");
        conf.set("fs.defaultFS", "file:///");
        return conf;
    }

    /** The smallest valid submit command line, then {@code more}. */
    List<String> submit(String... more) {
        List<String> args = new ArrayList<>(List.of("submit", "--script", script.toString(), "--steps", "100",
                "--zk", "127.0.0.1:2181", "--am-jar", amJar.toString()));
        args.addAll(Arrays.asList(more));
        return args;
    }

    static Result run(List<String> args) {
        return run(args, unreachableCluster());
    }

    static Result run(List<String> args, Configuration conf) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = YarnDlJob.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), conf);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
