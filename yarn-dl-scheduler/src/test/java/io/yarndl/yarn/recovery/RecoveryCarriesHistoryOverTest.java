package io.yarndl.yarn.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.yarn.dl2.Dl2ModelStatus;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.round.TaskRole;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.state.SchedulerStateStore;
import io.yarndl.yarn.status.SchedulerStatus;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.ZooDefs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A restart through ZooKeeper as far as the REST histories and the node wait go: what one scheduler
 * checkpointed (its live jobs' sizes and target changes, the nodes its DL jobs ran on) is what the
 * next one serves and waits for, before its first round.
 */
class RecoveryCarriesHistoryOverTest {

    private static final String LIVE = "application_1732200000000_0001";
    private static final String ENDED = "application_1732200000000_0002";
    private static final Duration NODE_WAIT = Duration.ofSeconds(120);

    private static TestingServer server;
    private static CuratorFramework client;

    @BeforeAll
    static void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        client = CuratorFrameworkFactory.newClient(server.getConnectString(), new ExponentialBackoffRetry(100, 3));
        client.start();
        client.blockUntilConnected();
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        client.close();
        server.close();
    }

    /** One scheduler's memory: the plan book, the status REST reads, the hold, and a checkpoint taker over them. */
    private record Scheduler(PlanBook book, PolicyRunner policy, SchedulerStatus status, RestoredPlanHold hold) {

        static Scheduler fresh() {
            PlanBook book = new PlanBook();
            PolicyRunner policy = new PolicyRunner(PolicyRegistry.standard(), "fifo", Duration.ofSeconds(10));
            SchedulerStatus status = new SchedulerStatus(book, policy, new Dl2ModelStatus(new SchedulerMetrics().dl2()),
                    "fifo", id -> Optional.of("RUNNING"));
            return new Scheduler(book, policy, status, new RestoredPlanHold(NODE_WAIT));
        }

        /** A round that gave each job {@code workers} and found them on the nodes given. */
        void round(double timeSec, int workers, String... nodes) {
            List<DlJobState> jobs = List.of(job(LIVE, nodes), job(ENDED, nodes));
            book.record(new Plan(timeSec, "fifo", java.util.Map.of(
                    LIVE, new JobPlan(LIVE, workers, 0, io.yarndl.core.job.Allocation.NONE, "round " + timeSec),
                    ENDED, new JobPlan(ENDED, workers, 0, io.yarndl.core.job.Allocation.NONE, "round " + timeSec))), 1);
            status.afterRound(timeSec, jobs);
        }

        SchedulerCheckpoint checkpoint(long nowMillis) {
            return new CheckpointTaker(book, policy, status, hold, () -> null, LIVE::equals, () -> null).take(nowMillis);
        }

        SchedulerRecovery recovery(SchedulerStateStore store) {
            return new SchedulerRecovery(store, book, policy, status, hold, () -> null);
        }
    }

    private static DlJobState job(String id, String... nodes) {
        JobSpec spec = new JobSpec(id, "toy", "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(1, 1, 1024), Resources.ZERO, 1, 4, 0, 0, 2, 0, 32,
                TrainingGoal.steps(100));
        List<HeldTask> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < nodes.length; i++) {
            tasks.add(new HeldTask(id + "_c" + i, nodes[i], TaskRole.WORKER, Resources.of(1, 1, 1024)));
        }
        return new DlJobState(spec, 0, tasks, List.of());
    }

    @Test
    void theNextSchedulerServesTheLiveJobsHistoriesAndWaitsForTheirNodes() throws Exception {
        SchedulerStateStore store = new SchedulerStateStore(client, "/carry", ZooDefs.Ids.OPEN_ACL_UNSAFE, 1 << 20);
        Scheduler before = Scheduler.fresh();
        before.round(1, 1, "node-1");
        before.round(2, 2, "node-1", "node-2");
        store.write(before.checkpoint(3_000));

        Scheduler after = Scheduler.fresh();
        try (JobRecordWatcher watcher = new JobRecordWatcher(client, "/carry", 100)) {
            after.recovery(store).recover(watcher, 10_000);
        }

        assertEquals(before.status().sizes(LIVE), after.status().sizes(LIVE));
        assertEquals(2, after.status().sizes(LIVE).size());
        assertEquals(before.status().targetChanges(LIVE), after.status().targetChanges(LIVE));
        assertEquals(List.of(), after.status().sizes(ENDED), "an ended job is not carried over");
        assertEquals(List.of(), after.status().targetChanges(ENDED));
        assertEquals(before.book().current(), after.book().current());
        assertEquals(Optional.of(new TreeSet<>(Set.of("node-1", "node-2"))), after.hold().awaitedWhileHolding());
        assertTrue(after.hold().holds(10_500, Set.of("node-2")), "node-1 has not re-registered");
        assertFalse(after.hold().holds(11_000, Set.of("node-1", "node-2")));
    }

    @Test
    void aCheckpointTakenWhileHoldingWaitsForTheSameNodesAndKeepsTheRestoredHistories() throws Exception {
        SchedulerStateStore store = new SchedulerStateStore(client, "/again", ZooDefs.Ids.OPEN_ACL_UNSAFE, 1 << 20);
        Scheduler first = Scheduler.fresh();
        first.round(1, 2, "node-1", "node-2");
        store.write(first.checkpoint(2_000));
        Scheduler second = Scheduler.fresh();
        try (JobRecordWatcher watcher = new JobRecordWatcher(client, "/again", 100)) {
            second.recovery(store).recover(watcher, 5_000);
        }

        SchedulerCheckpoint whileHolding = second.checkpoint(6_000);

        assertEquals(Set.of("node-1", "node-2"), whileHolding.carriedOver().dlNodes());
        assertEquals(first.checkpoint(6_000).carriedOver(), whileHolding.carriedOver());
    }

    @Test
    void carriesOverTheNewestTwoHundredEntriesPerJob() {
        Scheduler scheduler = Scheduler.fresh();
        for (int round = 1; round <= 250; round++) {
            scheduler.round(round, 1 + round % 2, "node-1");
        }

        SchedulerCheckpoint checkpoint = scheduler.checkpoint(300_000);

        assertEquals(CheckpointTaker.HISTORY_PER_JOB, checkpoint.carriedOver().targetChanges().size());
        assertEquals(51.0, checkpoint.carriedOver().targetChanges().get(0).timeSec(), "the newest are kept");
        assertEquals(250.0, checkpoint.carriedOver().targetChanges().get(199).timeSec());
        assertEquals(CheckpointTaker.HISTORY_PER_JOB, checkpoint.carriedOver().sizes().size());
    }
}
