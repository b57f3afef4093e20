package io.yarndl.it.toyam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.cluster.RmPreemption;
import io.yarndl.it.toyam.ToyEventLog.Entry;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Proves the toy elastic ApplicationMaster is a faithful test double on a real YARN (a
 * MiniYARNCluster with GPUs, plain CapacityScheduler, queue {@code dl}): submitted as a
 * {@code DEEP_LEARNING} application it asks for and starts its maximum of 3 one-GPU workers,
 * publishes its spec and rising progress to ZooKeeper, finishes its fixed number of steps, has the
 * RM confirm every release, removes its records and ends FINISHED/SUCCEEDED. Under preemption
 * (containers marked and killed by hand, the way the scheduler does it) it releases a named worker
 * only after its grace delay, or never when told so, and in both cases replaces the worker once the
 * RM reports it gone.
 */
class ToyElasticAppMasterTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final long TOTAL_STEPS = 250;
    private static final long RELEASE_DELAY_MS = 500;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start());
    private static ToyJobClient client;

    private static DlMiniCluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void startCluster() throws Exception {
        // A plain CapacityScheduler creates no job nodes: the AM writes its own, as without yarn-dl's scheduler.
        client = ToyJobClient.on(cluster()).withoutZkSecrets();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
    }

    @Test
    void runsAtItsMaximumSizeFinishesAndRemovesItsRecords() throws Exception {
        JobDescription spec = threeWorkerJob("toy-finishes", TOTAL_STEPS);
        Path eventFile = cluster().workDir().resolve("toy-finishes.events");
        // 3 workers: 3*10/(1+0.1*2) = 25 steps/s, so about 10 s of training at full size.
        ToyAmOptions options = ToyAmOptions.defaults().withEvents(eventFile).withSpeed(10, 0.1);

        ApplicationId app = client.submit(DlMiniCluster.DL_QUEUE, spec, options);
        String jobPath = DlMiniCluster.ZK_ROOT + "/jobs/" + app;
        awaitNode(app, jobPath + "/progress");
        JobRecordCodec codec = new JobRecordCodec();
        assertEquals(spec, codec.specFromJson(read(jobPath + "/spec")));
        ProgressSample sample = codec.progressFromJson(read(jobPath + "/progress"));
        assertTrue(sample.isUsable() && sample.workers() >= 1, "a usable progress record: " + sample);

        ApplicationReport report = client.awaitState(app, TIMEOUT, YarnApplicationState.FINISHED);
        assertEquals(FinalApplicationStatus.SUCCEEDED, report.getFinalApplicationStatus(), report.getDiagnostics());
        assertEquals(DlJobContract.APPLICATION_TYPE, report.getApplicationType());

        ToyEventLog log = ToyEventLog.read(eventFile);
        assertEquals(Event.REGISTERED, log.entries().get(0).event());
        assertEquals(3, log.maxHeldWorkers(), "held its maximum of 3 workers");
        assertEquals(3, log.of(Event.STARTED).size(), "started exactly 3 worker containers");
        List<Long> steps = log.progressSteps();
        assertTrue(steps.size() >= 3, "several progress samples: " + steps);
        for (int i = 1; i < steps.size(); i++) {
            assertTrue(steps.get(i) > steps.get(i - 1), "steps rise: " + steps);
        }
        assertTrue(steps.get(steps.size() - 1) >= TOTAL_STEPS, "reached the goal: " + steps);
        assertEquals(Event.FINISHED, log.entries().get(log.entries().size() - 1).event());
        assertEquals(new HashSet<>(log.containers(Event.STARTED)), new HashSet<>(log.containers(Event.COMPLETED)),
                "the RM confirmed every worker's release before the AM unregistered");
        assertNull(cluster().curator().checkExists().forPath(jobPath), "records removed at the end");
    }

    @Test
    void releasesAPreemptedWorkerAfterItsGraceDelayAndReplacesIt() throws Exception {
        Path eventFile = cluster().workDir().resolve("toy-releases.events");
        ApplicationId app = client.submit(DlMiniCluster.DL_QUEUE, threeWorkerJob("toy-releases", 1_000_000),
                ToyAmOptions.defaults().withEvents(eventFile).withReleaseOnPreemptMs(RELEASE_DELAY_MS));
        try {
            String victim = ToyEventLog.await(eventFile, TIMEOUT, log -> log.of(Event.STARTED).size() == 3)
                    .containers(Event.STARTED).get(0);

            RmPreemption.mark(cluster().resourceManager(), ContainerId.fromString(victim));

            ToyEventLog log = ToyEventLog.await(eventFile, TIMEOUT,
                    l -> l.of(Event.STARTED).size() == 4 && l.first(Event.COMPLETED, victim).isPresent());
            Entry asked = log.first(Event.PREEMPT_REQUESTED, victim).orElseThrow();
            Entry released = log.first(Event.RELEASED, victim).orElseThrow();
            Entry completed = log.first(Event.COMPLETED, victim).orElseThrow();
            assertTrue(released.epochMillis() - asked.epochMillis() >= RELEASE_DELAY_MS - 50,
                    "released only after the grace delay:\n" + log.format());
            assertEquals(2, released.heldWorkers(), "the released worker stops training at once");
            assertEquals(ContainerExitStatus.ABORTED, completed.exitStatus(), "a released container is ABORTED");
            String replacement = log.containers(Event.STARTED).get(3);
            assertTrue(log.first(Event.GRANTED, replacement).orElseThrow().epochMillis() >= completed.epochMillis(),
                    "the replacement was asked for only once the RM confirmed the victim gone:\n" + log.format());
            assertEquals(3, log.maxHeldWorkers());
        } finally {
            kill(app);
        }
    }

    @Test
    void leavesAPreemptedWorkerToTheSchedulerWhenToldNeverToRelease() throws Exception {
        Path eventFile = cluster().workDir().resolve("toy-holds.events");
        ApplicationId app = client.submit(DlMiniCluster.DL_QUEUE, threeWorkerJob("toy-holds", 1_000_000),
                ToyAmOptions.defaults().withEvents(eventFile).withReleaseOnPreemptMs(-1));
        try {
            String victim = ToyEventLog.await(eventFile, TIMEOUT, log -> log.of(Event.STARTED).size() == 3)
                    .containers(Event.STARTED).get(0);

            RmPreemption.mark(cluster().resourceManager(), ContainerId.fromString(victim));
            ToyEventLog.await(eventFile, TIMEOUT, l -> l.first(Event.PREEMPT_REQUESTED, victim).isPresent());
            Thread.sleep(1_000);
            assertFalse(ToyEventLog.read(eventFile).first(Event.RELEASED, victim).isPresent(), "never released");

            RmPreemption.kill(cluster().resourceManager(), ContainerId.fromString(victim));
            ToyEventLog log = ToyEventLog.await(eventFile, TIMEOUT,
                    l -> l.of(Event.STARTED).size() == 4 && l.first(Event.COMPLETED, victim).isPresent());
            assertEquals(ContainerExitStatus.PREEMPTED, log.first(Event.COMPLETED, victim).orElseThrow().exitStatus());
            assertEquals(3, log.entries().get(log.entries().size() - 1).heldWorkers(), "back at 3 workers");
        } finally {
            kill(app);
        }
    }

    private static JobDescription threeWorkerJob(String name, long steps) {
        return new JobDescription(name, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(1, 1, 512), Resources.ZERO, 1, 3, 0, 0, 3, 0, 32, TrainingGoal.steps(steps));
    }

    private static void kill(ApplicationId app) throws Exception {
        client.yarnClient().killApplication(app);
        client.awaitState(app, TIMEOUT, YarnApplicationState.KILLED);
    }

    /** Waits for a ZooKeeper node the running job writes; fails at once if the job ends first. */
    private static void awaitNode(ApplicationId app, String path) throws Exception {
        Poll.until(path, TIMEOUT, () -> {
            if (cluster().curator().checkExists().forPath(path) != null) {
                return true;
            }
            ApplicationReport report = client.yarnClient().getApplicationReport(app);
            if (EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED, YarnApplicationState.KILLED)
                    .contains(report.getYarnApplicationState())) {
                throw new AssertionError(app + " ended " + report.getYarnApplicationState() + " before writing "
                        + path + ": " + report.getDiagnostics());
            }
            return false;
        });
    }

    private static String read(String path) throws Exception {
        return new String(cluster().curator().getData().forPath(path), StandardCharsets.UTF_8);
    }
}
