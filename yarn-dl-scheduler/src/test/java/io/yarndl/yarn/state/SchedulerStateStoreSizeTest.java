package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The size bound: past {@code maxBytes} the samples give way, thinned evenly with the first and
 * newest kept, then dropped; the plan and the models never do, and a checkpoint too large even
 * without samples is refused, leaving the previous one.
 */
class SchedulerStateStoreSizeTest {

    private static final long MAX_BYTES = 64L << 10;
    private static final AtomicInteger ROOTS = new AtomicInteger();

    private static TestingServer server;
    private static CuratorFramework client;

    private final String root = "/sized" + ROOTS.incrementAndGet();
    private final SchedulerStateStore store = new SchedulerStateStore(client, root, SchedulerStateStoreTest.OPEN,
            MAX_BYTES);

    @BeforeAll
    static void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        client = SchedulerStateStoreTest.connect(server);
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        client.close();
        server.close();
    }

    @Test
    void oversizedSamplesAreThinnedKeepingFirstAndNewestUntilTheCheckpointFits() throws Exception {
        SchedulerCheckpoint large = Checkpoints.withRandomSamples(4, 2_000, 17);
        assertTrue(new CheckpointCodec().encode(large).length > 2 * MAX_BYTES, "not large enough to need thinning");

        assertEquals(WriteOutcome.WRITTEN, store.write(large));
        assertTrue(store.counters().lastWriteBytes() <= MAX_BYTES, store.counters().toString());
        assertEquals(1, store.counters().thinnedWrites());

        SchedulerCheckpoint stored = SchedulerStateStoreTest.found(store);
        assertEquals(large.plan(), stored.plan());
        assertEquals(large.policyState(), stored.policyState());
        assertEquals(large.samples().keySet(), stored.samples().keySet());
        for (String job : large.samples().keySet()) {
            List<ProgressSample> before = large.samples().get(job).all();
            List<ProgressSample> after = stored.samples().get(job).all();
            assertTrue(after.size() < before.size() / 2 && after.size() > 2, job + " kept " + after.size());
            assertEquals(before.get(0), after.get(0), "first sample of " + job);
            assertEquals(before.get(before.size() - 1), after.get(after.size() - 1), "newest sample of " + job);
            assertTrue(isEvenlySpreadSubsequence(before, after), job + " is not thinned evenly");
        }
    }

    @Test
    void samplesAreDroppedWhenEvenTwoPerJobDoNotFit() throws Exception {
        SchedulerCheckpoint manyJobs = Checkpoints.withRandomSamples(1_500, 2, 19);
        assertEquals(WriteOutcome.WRITTEN, store.write(manyJobs));

        SchedulerCheckpoint stored = SchedulerStateStoreTest.found(store);
        assertEquals(Map.of(), stored.samples());
        assertEquals(manyJobs.plan(), stored.plan());
        assertEquals(manyJobs.policyState(), stored.policyState());
    }

    @Test
    void checkpointTooLargeWithoutSamplesIsRefusedAndThePreviousStays() throws Exception {
        store.write(Checkpoints.rich());
        Random random = new Random(23);
        List<JobPlan> decisions = new ArrayList<>();
        for (int job = 0; job < 3_000; job++) {
            decisions.add(new JobPlan("application_1732200000000_" + job, 1, 0, Allocation.NONE,
                    Long.toString(random.nextLong(), 36) + Long.toString(random.nextLong(), 36)));
        }
        SchedulerCheckpoint huge = SchedulerCheckpoint.current(1, "optimus", null, 1,
                Plan.of(1, "optimus", decisions), null, Map.of("application_1732200000000_1", JobSamples.NONE));

        assertEquals(WriteOutcome.TOO_LARGE, store.write(huge));
        assertEquals(1, store.counters().tooLarge());
        assertEquals(Checkpoints.rich(), SchedulerStateStoreTest.found(store));
    }

    /** {@code after} is {@code before} with every other sample dropped one or more times over. */
    private static boolean isEvenlySpreadSubsequence(List<ProgressSample> before, List<ProgressSample> after) {
        int previous = -1;
        int gap = -1;
        for (int i = 0; i < after.size() - 1; i++) {
            int at = before.indexOf(after.get(i));
            if (at <= previous || (gap >= 0 && at - previous != gap)) {
                return false;
            }
            gap = previous < 0 ? -1 : at - previous;
            previous = at;
        }
        return before.indexOf(after.get(after.size() - 1)) > previous;
    }
}
