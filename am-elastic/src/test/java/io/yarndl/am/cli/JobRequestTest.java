package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.contract.job.JobDescription;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class JobRequestTest {

    @TempDir
    Path tmp;

    private CliFixture fx;

    @BeforeEach
    void files() throws IOException {
        fx = new CliFixture(tmp);
    }

    static SubmitOptions parse(List<String> args) {
        SubmitOptions options = new SubmitOptions();
        // Drop the "submit" word: SubmitOptions is the submit command's option set.
        new CommandLine(options).parseArgs(args.subList(1, args.size()).toArray(String[]::new));
        return options;
    }

    private JobRequest request(List<String> args) {
        return JobRequest.from(parse(args), new Configuration(false), Optional.empty());
    }

    @Test
    void buildsAllReduceDescriptionFromAFullCommandLine() {
        JobRequest request = request(List.of("submit", "--name", "resnet", "--queue", "research",
                "--framework", "pytorch", "--architecture", "allreduce", "--min-workers", "2", "--max-workers", "8",
                "--workers", "4", "--gpus-per-worker", "2", "--memory", "8g", "--vcores", "4",
                "--epochs", "10", "--steps-per-epoch", "50", "--global-batch-size", "256",
                "--script", fx.script.toString(), "--files", fx.data.toString(), "--python", "/opt/py/bin/python",
                "--checkpoint-dir", "hdfs://nn:8020/ckpt", "--max-failures", "5", "--checkpoint-timeout", "2m",
                "--max-am-attempts", "4", "--procs-per-worker", "2", "--env", "NCCL_DEBUG=INFO", "--env", "A=b=c", "--am-memory", "2048",
                "--am-vcores", "2", "--zk", "zk1:2181,zk2:2181", "--zk-root", "/dl", "--am-jar", fx.amJar.toString(),
                "--am-extra-classpath", "/conf:/lib/a.jar", "--wait", "--", "--lr", "0.1", "--resume"));

        assertEquals(new JobDescription("resnet", Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(2, 4, 8192), Resources.ZERO, 2, 8, 0, 0, 4, 0, 256, TrainingGoal.steps(500)),
                request.description());
        assertEquals("research", request.queue());
        assertEquals(fx.script.toAbsolutePath(), request.script());
        assertEquals(List.of(fx.data.toAbsolutePath()), request.files());
        assertEquals(List.of("--lr", "0.1", "--resume"), request.scriptArgs());
        assertEquals("/opt/py/bin/python", request.python());
        assertEquals(Optional.of("hdfs://nn:8020/ckpt"), request.checkpointDir());
        assertEquals(5, request.maxFailures());
        assertEquals(Duration.ofMinutes(2), request.checkpointTimeout());
        assertEquals(4, request.maxAmAttempts());
        assertEquals(2, request.procsPerWorker());
        assertEquals(10, request.epochs());
        assertEquals(Map.of("NCCL_DEBUG", "INFO", "A", "b=c"), request.env());
        assertEquals(2048, request.amMemoryMb());
        assertEquals(2, request.amVcores());
        assertEquals("zk1:2181,zk2:2181", request.zkAddress());
        assertEquals("/dl", request.zkRoot());
        assertEquals(fx.amJar.toAbsolutePath(), request.amJar());
        assertEquals(List.of("/conf", "/lib/a.jar"), request.amExtraClasspath());
        assertTrue(request.await());
    }

    @Test
    void buildsParameterServerDescriptionFromAFullCommandLine() {
        JobRequest request = request(List.of("submit", "--name", "wide-deep", "--framework", "MXNET",
                "--architecture", "ps", "--async", "--min-workers", "1", "--max-workers", "6",
                "--gpus-per-worker", "0", "--memory", "4096m", "--vcores", "2", "--min-servers", "1",
                "--max-servers", "3", "--servers", "2", "--server-memory", "3g", "--server-vcores", "2",
                "--target-loss", "0.25", "--script", fx.script.toString(), "--zk", "zk:2181",
                "--am-jar", fx.amJar.toString()));

        assertEquals(new JobDescription("wide-deep", Framework.MXNET, Architecture.PARAMETER_SERVER,
                SyncMode.ASYNCHRONOUS, Resources.of(0, 2, 4096), Resources.of(0, 2, 3072), 1, 6, 1, 3, 6, 2, 64,
                TrainingGoal.targetLoss(0.25)), request.description());
        assertEquals(0, request.epochs());
    }

    @Test
    void aDeclaredModelFamilyGoesIntoTheJobsDescription() {
        JobDescription d = request(fx.submit("--model-family", "ResNet-50 (batch size 64)")).description();

        assertEquals("ResNet-50 (batch size 64)", d.modelFamily());
        assertEquals("ResNet-50 (batch size 64)", d.toSpec("app_1", "alice", "root.dl").modelFamily());
    }

    @Test
    void declaredBatchLimitsGoIntoTheJobsDescriptionAroundItsGlobalBatch() {
        JobDescription d = request(fx.submit("--global-batch-size", "128", "--min-batch-size", "64",
                "--max-batch-size", "1024", "--max-local-batch-size", "256")).description();

        assertEquals(new BatchLimits(64, 1024, 256), d.batchLimits());
        assertEquals(new BatchLimits(64, 1024, 256), d.toSpec("app_1", "alice", "root.dl").batchLimits());
        assertEquals(128, d.globalBatchSize(), "the reference batch steps are counted in");
        assertEquals(new BatchLimits(128, 512, BatchLimits.NO_LOCAL_LIMIT),
                request(fx.submit("--global-batch-size", "128", "--max-batch-size", "512")).description().batchLimits(),
                "the smallest batch defaults to the global one");
        assertEquals(BatchLimits.fixed(64), request(fx.submit()).description().batchLimits(),
                "without limits the job trains at its global batch only");
    }

    @Test
    void fillsDefaultsFromTheOtherOptions() {
        JobRequest request = request(fx.submit("--min-workers", "2"));
        JobDescription d = request.description();
        assertEquals("train", d.name());
        assertEquals(Framework.PYTORCH, d.framework());
        assertEquals(Architecture.ALLREDUCE, d.architecture());
        assertEquals(2, d.maxWorkers(), "max defaults to min");
        assertEquals(2, d.requestedWorkers(), "workers default to max");
        assertEquals(Resources.of(1, 2, 4096), d.workerDemand());
        assertEquals(64, d.globalBatchSize());
        assertEquals("", d.modelFamily(), "no model family unless declared");
        assertEquals("dl", request.queue());
        assertEquals("/usr/bin/python3", request.python());
        assertEquals(Optional.empty(), request.checkpointDir());
        assertEquals(3, request.maxFailures());
        assertEquals(Duration.ofSeconds(30), request.checkpointTimeout());
        assertEquals(2, request.maxAmAttempts(), "an AM that dies is restarted once");
        assertEquals(1, request.procsPerWorker());
        assertEquals(1024, request.amMemoryMb());
        assertEquals(1, request.amVcores());
        assertEquals("/yarn-dl", request.zkRoot());
        assertFalse(request.await());

        JobDescription ps = request(fx.submit("--architecture", "ps", "--max-servers", "2")).description();
        assertEquals(1, ps.minPs());
        assertEquals(2, ps.requestedPs(), "servers default to max");
        assertEquals(Resources.of(0, 1, 2048), ps.psDemand());
        assertEquals(SyncMode.SYNCHRONOUS, ps.syncMode());
    }

    @Test
    void takesZooKeeperFromTheSchedulerKeyThenTheResourceManagersThenHadoops() {
        List<String> args = fx.submit();
        int zk = args.indexOf("--zk");
        args.remove(zk + 1);
        args.remove(zk);
        Configuration conf = new Configuration(false);
        conf.set("hadoop.zk.address", "hadoop:2181");
        assertEquals("hadoop:2181", JobRequest.from(parse(args), conf, Optional.empty()).zkAddress());
        conf.set("yarn.resourcemanager.zk-address", "rm:2181");
        assertEquals("rm:2181", JobRequest.from(parse(args), conf, Optional.empty()).zkAddress());
        conf.set("yarn.dl.scheduler.zk-address", "dl:2181");
        conf.set("yarn.dl.scheduler.zk-root", "/from-conf");
        JobRequest fromConf = JobRequest.from(parse(args), conf, Optional.empty());
        assertEquals("dl:2181", fromConf.zkAddress());
        assertEquals("/from-conf", fromConf.zkRoot());
        args.addAll(List.of("--zk", "given:2181"));
        assertEquals("given:2181", JobRequest.from(parse(args), conf, Optional.empty()).zkAddress());
    }

    @Test
    void defaultsTheAmJarToTheJarItRunsFrom() {
        List<String> args = fx.submit();
        int jar = args.indexOf("--am-jar");
        args.remove(jar + 1);
        args.remove(jar);
        JobRequest request = JobRequest.from(parse(args), new Configuration(false), Optional.of(fx.amJar));
        assertEquals(fx.amJar, request.amJar());
        UsageException fromClasses = assertThrows(UsageException.class,
                () -> JobRequest.from(parse(args), new Configuration(false), Optional.of(tmp)));
        assertTrue(fromClasses.getMessage().contains("cannot find yarn-dl-am.jar"), fromClasses.getMessage());
    }

    @Test
    void amConfigCarriesTheScriptTheStagedFilesAndTheCheckpointDirectory() {
        JobRequest request = request(withoutSteps(fx.submit("--epochs", "3", "--steps-per-epoch", "10",
                "--env", "K=V", "--checkpoint-timeout", "500ms", "--", "a", "b")));
        List<ShippedFile> shipped = List.of(new ShippedFile("yarn-dl-am.jar", "file:/s/yarn-dl-am.jar", 1, 2, false),
                new ShippedFile("train.py", "file:/s/train.py", 3, 4, false));
        ElasticJobConfig config = request.amConfig(shipped, "file:/s/checkpoints", "file:/s");
        assertEquals(new ElasticJobConfig("train.py", List.of("a", "b"), shipped, "/usr/bin/python3",
                "file:/s/checkpoints", 3, 500, 1, 3, Map.of("K", "V"), "file:/s", 5_000), config);
    }

    @Test
    void stagingIsRemovedUnlessKeepStagingIsGiven() {
        assertFalse(request(fx.submit()).keepStaging());
        assertTrue(request(fx.submit("--keep-staging")).keepStaging());
    }

    private static List<String> withoutSteps(List<String> args) {
        List<String> copy = new java.util.ArrayList<>(args);
        int steps = copy.indexOf("--steps");
        copy.remove(steps + 1);
        copy.remove(steps);
        return copy;
    }
}
