package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every rule {@code submit} checks, run through the whole CLI against a ResourceManager address where
 * nothing listens: each bad command line exits 2 within a second or two with a message naming the
 * option and nothing on stdout, so the check happened before any connection or upload (a command
 * line that passes reaches the connection and fails there with exit 1, see the last test).
 */
class SubmitValidationTest {

    private static final Duration QUICK = Duration.ofSeconds(5);

    @TempDir
    Path tmp;

    private CliFixture fx;

    @BeforeEach
    void files() throws IOException {
        fx = new CliFixture(tmp);
    }

    private static void assertRejected(List<String> args, String... fragments) {
        assertRejected(args, CliFixture.unreachableCluster(), fragments);
    }

    private static void assertRejected(List<String> args, Configuration conf, String... fragments) {
        CliFixture.Result result = assertTimeoutPreemptively(QUICK, () -> CliFixture.run(args, conf));
        assertEquals(YarnDlJob.EXIT_USAGE, result.exitCode(), () -> "stderr: " + result.err());
        for (String fragment : fragments) {
            assertTrue(result.err().contains(fragment), () -> "stderr lacks '" + fragment + "': " + result.err());
        }
        assertFalse(result.out().contains("Submitted"), result.out());
        assertTrue(result.err().contains("yarn-dl-am submit --help"), result.err());
    }

    @Test
    void rejectsMoreMinimumThanMaximumWorkers() {
        assertRejected(fx.submit("--min-workers", "3", "--max-workers", "2"),
                "--min-workers 3 is greater than --max-workers 2");
    }

    @Test
    void rejectsABlankOrOverlongModelFamily() {
        assertRejected(fx.submit("--model-family", " "), "--model-family must be a model family's name");
        assertRejected(fx.submit("--model-family", "x".repeat(201)), "at most 200 characters");
    }

    @Test
    void rejectsUnknownFrameworkListingTheAllowedOnes() {
        assertRejected(fx.submit("--framework", "tensorflow"), "--framework", "tensorflow", "pytorch, mxnet");
    }

    @Test
    void acceptsFrameworkInAnyCase() {
        CliFixture.Result result = CliFixture.run(fx.submit("--framework", "MXNet", "--env", "BAD"));
        // Past the framework, stopped by a later rule.
        assertTrue(result.err().contains("--env 'BAD'"), result.err());
    }

    @Test
    void rejectsUnknownArchitecture() {
        assertRejected(fx.submit("--architecture", "ring"), "--architecture", "allreduce, ps");
    }

    @Test
    void rejectsMissingScriptFile() {
        List<String> args = fx.submit();
        args.set(args.indexOf("--script") + 1, tmp.resolve("nope.py").toString());
        assertRejected(args, "--script", "nope.py", "no such file");
    }

    @Test
    void rejectsScriptThatIsADirectory() {
        List<String> args = fx.submit();
        args.set(args.indexOf("--script") + 1, tmp.toString());
        assertRejected(args, "--script", "not a file");
    }

    @Test
    void requiresScript() {
        assertRejected(List.of("submit", "--steps", "10", "--zk", "z:2181"), "--script");
    }

    @Test
    void rejectsMissingExtraFile() {
        assertRejected(fx.submit("--files", fx.data + "," + tmp.resolve("missing.npz")),
                "--files", "missing.npz", "no such file");
    }

    @Test
    void rejectsTwoShippedFilesWithTheSameName() throws IOException {
        Path other = Files.createDirectories(tmp.resolve("sub")).resolve("train.py");
        Files.writeString(other, "x");
        assertRejected(fx.submit("--files", other.toString()), "--files", "already named 'train.py'");
    }

    @Test
    void rejectsParameterServerOptionsOnAllReduceJob() {
        assertRejected(fx.submit("--min-servers", "1", "--server-memory", "2g"),
                "--min-servers, --server-memory are only for parameter-server jobs", "--architecture ps");
        assertRejected(fx.submit("--async"), "--async is only for parameter-server jobs");
    }

    @Test
    void rejectsMoreMinimumThanMaximumServers() {
        assertRejected(fx.submit("--architecture", "ps", "--min-servers", "3", "--max-servers", "2"),
                "--min-servers 3 is greater than --max-servers 2");
    }

    @Test
    void rejectsServersOutsideTheirRange() {
        assertRejected(fx.submit("--architecture", "ps", "--max-servers", "2", "--servers", "3"),
                "--servers 3 is outside [--min-servers 1, --max-servers 2]");
    }

    @Test
    void requiresAGoal() {
        List<String> args = withoutGoal(fx.submit());
        assertRejected(args, "no training goal", "--target-loss", "--steps-per-epoch", "--steps");
    }

    @Test
    void rejectsTwoGoals() {
        assertRejected(fx.submit("--target-loss", "0.5"), "--target-loss and --steps are different goals");
    }

    @Test
    void rejectsEpochsWithoutStepsPerEpochSayingWhy() {
        List<String> args = withoutGoal(fx.submit("--epochs", "3"));
        assertRejected(args, "--epochs 3 needs --steps-per-epoch", "the scheduler measures a job's goal in steps");
    }

    @Test
    void rejectsStepsPerEpochWithoutEpochs() {
        assertRejected(fx.submit("--steps-per-epoch", "100"), "--steps-per-epoch is only used with --epochs");
    }

    @Test
    void rejectsNonPositiveTargetLoss() {
        assertRejected(withoutGoal(fx.submit("--target-loss", "0")), "--target-loss must be a positive number");
    }

    @Test
    void rejectsBadMemorySyntax() {
        assertRejected(fx.submit("--memory", "4x"), "--memory", "'4x'", "4g, 4096m or 4096");
        assertRejected(fx.submit("--am-memory", "lots"), "--am-memory", "'lots'");
    }

    @Test
    void rejectsBadDurationSyntax() {
        assertRejected(fx.submit("--checkpoint-timeout", "30"), "--checkpoint-timeout", "'30'", "30s, 500ms, 2m");
    }

    @Test
    void rejectsNegativeNumbers() {
        assertRejected(fx.submit("--gpus-per-worker", "-1"), "--gpus-per-worker must be at least 0, got -1");
        assertRejected(fx.submit("--min-workers", "0"), "--min-workers must be at least 1, got 0");
        assertRejected(fx.submit("--vcores", "0"), "--vcores must be at least 1, got 0");
        assertRejected(fx.submit("--max-failures", "-2"), "--max-failures must be at least 0, got -2");
        assertRejected(fx.submit("--max-am-attempts", "0"), "--max-am-attempts must be at least 1, got 0");
        assertRejected(fx.submit("--procs-per-worker", "0"), "--procs-per-worker must be at least 1");
        assertRejected(fx.submit("--global-batch-size", "-64"), "--global-batch-size must be at least 1");
        assertRejected(withoutGoal(fx.submit("--steps", "-5")), "--steps must be at least 1, got -5");
    }

    @Test
    void rejectsBatchLimitsThatLeaveOutTheGlobalBatchOrAreNoBatch() {
        assertRejected(fx.submit("--min-batch-size", "128"), "--min-batch-size 128 is above --global-batch-size 64");
        assertRejected(fx.submit("--max-batch-size", "32"), "--max-batch-size 32 is below --global-batch-size 64",
                "the reference batch the job's steps are counted in");
        assertRejected(fx.submit("--min-batch-size", "512", "--max-batch-size", "256"),
                "--min-batch-size 512 is above --global-batch-size 64");
        assertRejected(fx.submit("--min-batch-size", "0"), "--min-batch-size must be at least 1, got 0");
        assertRejected(fx.submit("--max-local-batch-size", "0", "--max-batch-size", "512"),
                "--max-local-batch-size must be at least 1, got 0");
        assertRejected(fx.submit("--max-batch-size", "lots"), "--max-batch-size", "lots");
        assertRejected(fx.submit("--global-batch-size", "4", "--max-batch-size", "6", "--max-workers", "4",
                "--procs-per-worker", "2"), "--max-batch-size 6 is below the job's most training processes "
                + "(--max-workers 4 x --procs-per-worker 2 = 8): each needs at least one sample per step");
    }

    @Test
    void rejectsNonNumbers() {
        assertRejected(fx.submit("--max-workers", "four"), "--max-workers", "four");
    }

    @Test
    void rejectsStaticSizeOutsideTheWorkerRange() {
        assertRejected(fx.submit("--min-workers", "1", "--max-workers", "4", "--workers", "5"),
                "--workers 5 is outside [--min-workers 1, --max-workers 4]");
    }

    @Test
    void rejectsEnvThatIsNotKeyValue() {
        assertRejected(fx.submit("--env", "FOO"), "--env 'FOO' is not KEY=VALUE");
        assertRejected(fx.submit("--env", "1X=2"), "--env '1X=2'", "not a variable name");
    }

    @Test
    void requiresAZooKeeperAddressWhenTheConfigurationHasNone() {
        List<String> args = fx.submit();
        int zk = args.indexOf("--zk");
        args.remove(zk + 1);
        args.remove(zk);
        assertRejected(args, "no ZooKeeper address", "--zk", "yarn.dl.scheduler.zk-address");
    }

    @Test
    void requiresAnAmJarWhenNotRunFromOne() {
        List<String> args = fx.submit();
        int jar = args.indexOf("--am-jar");
        args.remove(jar + 1);
        args.remove(jar);
        // These tests run from target/classes, not from a jar.
        assertRejected(args, "cannot find yarn-dl-am.jar: run with `yarn jar yarn-dl-am.jar` or pass --am-jar");
    }

    @Test
    void rejectsAnOptionGivenTwice() {
        assertRejected(fx.submit("--memory", "4g", "--memory=8g"), "--memory is given more than once");
        assertRejected(fx.submit("--zk", "other:2181"), "--zk is given more than once");
    }

    @Test
    void rejectsUnknownOption() {
        assertRejected(fx.submit("--gpus", "2"), "--gpus");
    }

    @Test
    void validCommandLineGetsAsFarAsTheResourceManager() {
        CliFixture.Result result = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> CliFixture.run(fx.submit("--min-workers", "1", "--max-workers", "2", "--", "--lr", "0.1")));
        assertEquals(YarnDlJob.EXIT_FAILURE, result.exitCode(), result.err());
        assertTrue(result.err().startsWith("yarn-dl-am submit: error:"), result.err());
        assertFalse(result.out().contains("Submitted"), result.out());
    }

    private static List<String> withoutGoal(List<String> args) {
        List<String> copy = new ArrayList<>(args);
        int steps = copy.indexOf("--steps");
        copy.remove(steps + 1);
        copy.remove(steps);
        return copy;
    }
}
