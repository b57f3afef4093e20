package io.yarndl.it.elastic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.status.JobRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A real PyTorch DDP job ({@code examples/ddp_cnn.py}, the real elastic AM, submitted through the
 * client) that declares batch limits ({@code --global-batch-size 32 --min-batch-size 16
 * --max-batch-size 64 --max-local-batch-size 16}, its reference batch for one worker) in a
 * MiniYARNCluster under {@code optimus}: it starts at one worker, training at a global batch of 32
 * in two micro-batches of 16, and when the scheduler grows it to two workers its next generation
 * trains at 64, each worker taking 32 in two micro-batches. It keeps training across the resize:
 * the loss falls below its start, the published steps (counted in batches of 32) never go back,
 * and the samples the scheduler holds say both batch sizes and a gradient noise scale (measured
 * from micro-batches at one worker, from the two workers' gradients at two). The scheduler also
 * measured the resize's cost on those samples ({@code JobView.restarts}).
 *
 * <p>Workers ask for 3 of a node's 4 GPUs, so the two nodes hold two workers at most.
 */
class BatchFollowsSizePyTorchJobTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(150);
    private static final Set<YarnApplicationState> ENDED =
            EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED);

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.startWithHdfs(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, "optimus");
            // The resize-cost rule at its defaults: these jobs train for about a minute, and doubling one
            // saves about 24 s, more than the 5 s a restart is assumed to cost before the first is measured.
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        }));
    private static YarnClient yarn;

    @BeforeAll
    static void startClient() {
        yarn = YarnClient.createYarnClient();
        yarn.init(CLUSTER.get().yarnConf());
        yarn.start();
    }

    @AfterAll
    static void stopClient() {
        if (yarn != null) {
            yarn.stop();
        }
    }

    @Test
    void aDdpJobWhoseBatchFollowsItsSizeKeepsTrainingAcrossTheResizeThatChangesIt() throws Exception {
        List<String> job = new ArrayList<>(RealPyTorchJob.ddp("ddp-batch", 1, 2, 3, "--steps", "400"));
        job.addAll(List.of("--workers", "1", "--global-batch-size", "32", "--min-batch-size", "16",
                "--max-batch-size", "64", "--max-local-batch-size", "16"));
        ApplicationId app = RealPyTorchJob.submit(CLUSTER.get(), job, "--step-compute-seconds", "0.1",
                "--lr-rule", "sqrt");
        DeepLearningScheduler scheduler =
                (DeepLearningScheduler) CLUSTER.get().resourceManager().getResourceScheduler();
        List<ProgressSample> held = new ArrayList<>();
        Poll.until("the scheduler to hold samples of " + app + " at a batch of 64 with 2 workers", TIMEOUT,
                Duration.ofMillis(500), () -> {
                    held.clear();
                    held.addAll(heldBy(scheduler, app).map(DlJobState::samples).orElse(List.of()));
                    return held.stream().anyMatch(s -> s.workers() == 2 && s.batchSize() == 64);
                }, () -> "sizes and batches so far " + sizesAndBatches(held));

        ApplicationReport end = awaitEnd(app);
        assertEquals(FinalApplicationStatus.SUCCEEDED, end.getFinalApplicationStatus(), end.getDiagnostics());

        DlJobState last = heldBy(scheduler, app).orElseThrow();
        List<ProgressSample> samples = last.samples();
        System.out.println("BATCH-FOLLOWS-SIZE " + app + ": (workers, global batch) in order "
                + sizesAndBatches(samples) + "; noise scale by batch " + noiseByBatch(samples) + "; "
                + samples.size() + " samples, steps " + samples.get(0).step() + ".." + samples.get(samples.size() - 1).step()
                + ", loss " + samples.get(0).loss() + " -> " + samples.get(samples.size() - 1).loss()
                + "; resizes measured " + last.restarts());

        assertEquals(new BatchLimits(16, 64, 16), last.spec().batchLimits(), "the spec's limits reached the RM");
        for (ProgressSample s : samples) {
            assertEquals(s.workers() == 1 ? 32 : 64, s.batchSize(), "the global batch follows the workers: " + s);
        }
        assertTrue(samples.stream().anyMatch(s -> s.workers() == 1), "never trained at 1 worker: " + sizesAndBatches(samples));
        for (int i = 1; i < samples.size(); i++) {
            assertTrue(samples.get(i).step() > samples.get(i - 1).step(), "the step went back at sample " + i + ": "
                    + samples.get(i - 1) + " then " + samples.get(i));
        }
        assertTrue(samples.get(samples.size() - 1).loss() < samples.get(0).loss(),
                "loss did not fall: first " + samples.get(0) + ", last " + samples.get(samples.size() - 1));
        assertTrue(samples.stream().anyMatch(s -> s.batchSize() == 64 && s.hasNoiseScale() && s.noiseScale() > 0),
                "no noise scale measured at 2 workers: " + noiseByBatch(samples));
        assertTrue(samples.stream().anyMatch(s -> s.batchSize() == 32 && s.hasNoiseScale() && s.noiseScale() > 0),
                "no noise scale measured from micro-batches at 1 worker: " + noiseByBatch(samples));
        Restarts restarts = last.restarts();
        assertTrue(restarts.count() >= 1 && restarts.totalSeconds() > 0, "no resize measured: " + restarts);
        assertFalse(samples.get(samples.size() - 1).step() < 400, "stopped short of its goal: " + samples.get(samples.size() - 1));
    }

    private static Optional<DlJobState> heldBy(DeepLearningScheduler scheduler, ApplicationId app) {
        return scheduler.status().job(app.toString()).map(JobRecord::state);
    }

    /** Consecutive distinct (workers, batch) pairs with their first step and second, e.g. [1x32 @1 0s, 2x64 @212 31s]. */
    private static List<String> sizesAndBatches(List<ProgressSample> samples) {
        List<String> out = new ArrayList<>();
        String last = "";
        for (ProgressSample s : samples) {
            String pair = s.workers() + "x" + s.batchSize();
            if (!pair.equals(last)) {
                out.add(pair + " @" + s.step() + " " + Math.round(s.timeSec() - samples.get(0).timeSec()) + "s");
                last = pair;
            }
        }
        if (!samples.isEmpty()) {
            ProgressSample end = samples.get(samples.size() - 1);
            out.add("end @" + end.step() + " " + Math.round(end.timeSec() - samples.get(0).timeSec()) + "s");
        }
        return out;
    }

    /** The measured noise scales by global batch: first and last, rounded. */
    private static String noiseByBatch(List<ProgressSample> samples) {
        return samples.stream().filter(ProgressSample::hasNoiseScale)
                .collect(Collectors.groupingBy(ProgressSample::batchSize, TreeMap::new, Collectors.toList()))
                .entrySet().stream()
                .map(e -> e.getKey() + ": " + Math.round(e.getValue().get(0).noiseScale()) + " .. "
                        + Math.round(e.getValue().get(e.getValue().size() - 1).noiseScale()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static ApplicationReport awaitEnd(ApplicationId id) throws Exception {
        ApplicationReport[] report = new ApplicationReport[1];
        Poll.until(id + " to end", TIMEOUT, Duration.ofMillis(200), () -> {
            report[0] = yarn.getApplicationReport(id);
            return ENDED.contains(report[0].getYarnApplicationState());
        });
        return report[0];
    }
}
