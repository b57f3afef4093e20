package io.yarndl.it.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One JVM the test starts (a daemon or a client command), its stdout and stderr in one log file
 * that stays under target/ for post-mortems.
 */
final class JavaProcess {

    private final String name;
    private final Process process;
    private final Path log;

    private JavaProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code java <jvmArgs> -cp <classpath> <mainClass> <args>} with {@code env} added. */
    static JavaProcess start(String name, String classpath, List<String> jvmArgs, String mainClass, List<String> args,
                             Map<String, String> env, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(args);
        Files.createDirectories(log.getParent());
        Files.writeString(log, "# " + String.join(" ", command) + "\n");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        return new JavaProcess(name, builder.start(), log);
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    Path log() {
        return log;
    }

    /** SIGKILL, as {@code kill -9}: no shutdown hook runs. */
    void killHard() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM without waiting: the daemon's shutdown hook stops its services. */
    void signalStop() {
        process.destroy();
    }

    /** SIGTERM (the daemon's shutdown hook stops its services), then SIGKILL after {@code grace}. */
    void stop(Duration grace) throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            killHard();
        }
    }

    /** Waits for the process to end; returns its exit code, or throws when it outlives {@code timeout}. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            killHard();
            throw new AssertionError(name + " did not end within " + timeout + "; its log:\n" + tail(60));
        }
        return process.exitValue();
    }

    /** The whole log. */
    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /** The last {@code lines} lines of the log. */
    String tail(int lines) {
        List<String> all = output().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}
