package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.data.Stat;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The store against a real ZooKeeper (curator-test's in-process server): what it writes reads
 * back equal, large checkpoints are chunked, a half-done write or another scheduler's write never
 * tears what readers get, and housekeeping (skipping unchanged writes, deleting old chunks, ACLs)
 * works. Each test uses its own root.
 */
class SchedulerStateStoreTest {

    static final List<ACL> OPEN = ZooDefs.Ids.OPEN_ACL_UNSAFE;
    private static final long MAX_BYTES = 8L << 20;
    private static final AtomicInteger ROOTS = new AtomicInteger();

    private static TestingServer server;
    private static CuratorFramework client;

    private final String root = "/store" + ROOTS.incrementAndGet();
    private final RawState raw = new RawState(client, root);

    @BeforeAll
    static void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        client = connect(server);
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        client.close();
        server.close();
    }

    static CuratorFramework connect(TestingServer zooKeeper) throws InterruptedException {
        CuratorFramework started = CuratorFrameworkFactory.newClient(zooKeeper.getConnectString(),
                new ExponentialBackoffRetry(100, 3));
        started.start();
        started.blockUntilConnected();
        return started;
    }

    private SchedulerStateStore store() {
        return new SchedulerStateStore(client, root, OPEN, MAX_BYTES);
    }

    static SchedulerCheckpoint found(SchedulerStateStore store) throws Exception {
        return assertInstanceOf(CheckpointRead.Found.class, store.read()).checkpoint();
    }

    private static SchedulerCheckpoint laterRound(SchedulerCheckpoint checkpoint, long rounds) {
        return new SchedulerCheckpoint(checkpoint.format(), checkpoint.writtenAtMillis() + rounds, checkpoint.policy(),
                checkpoint.modelVersion(), rounds, checkpoint.plan(), checkpoint.policyState(), checkpoint.samples(),
                checkpoint.carriedOver());
    }

    @Test
    void richCheckpointReadsBackEqual() throws Exception {
        SchedulerStateStore store = store();
        assertInstanceOf(CheckpointRead.Absent.class, store.read());
        assertEquals(WriteOutcome.WRITTEN, store.write(Checkpoints.rich()));

        assertEquals(Checkpoints.rich(), found(store()));
        assertEquals(1, store.counters().writes());
        assertEquals(new CheckpointCodec().encode(Checkpoints.rich()).length, store.counters().lastWriteBytes());
        assertEquals(List.of("1-0"), raw.children());
    }

    @Test
    void stateNodeWithoutDataIsAbsent() throws Exception {
        raw.manifest("");
        assertInstanceOf(CheckpointRead.Absent.class, store().read());
    }

    @Test
    void checkpointOverAMegabyteIsSplitIntoChunksAndReadsBackEqual() throws Exception {
        SchedulerCheckpoint large = Checkpoints.withRandomSamples(50, 900, 11);
        SchedulerStateStore store = store();
        assertEquals(WriteOutcome.WRITTEN, store.write(large));

        CheckpointManifest manifest = raw.manifest();
        assertTrue(manifest.bytes() > 1_000_000, "only " + manifest.bytes() + " bytes");
        assertTrue(manifest.chunks() >= 3, manifest.toString());
        assertEquals(manifest.chunks(), raw.children().size());
        for (String chunk : raw.children()) {
            assertTrue(client.checkExists().forPath(raw.state() + "/" + chunk).getDataLength()
                    <= SchedulerStateStore.CHUNK_BYTES, chunk);
        }
        assertEquals(large, found(store()));
        assertEquals(0, store.counters().thinnedWrites());
    }

    @Test
    void writerThatDiesBeforeSwitchingTheManifestLeavesThePreviousCheckpoint() throws Exception {
        SchedulerStateStore store = store();
        store.write(Checkpoints.rich());
        // A writer of generation 2 that created its chunks and died before the switch.
        byte[] next = new CheckpointCodec().encode(Checkpoints.empty());
        raw.chunk(2, 0, next);

        assertEquals(Checkpoints.rich(), found(store()));
        assertEquals(1, raw.manifest().generation());

        assertEquals(WriteOutcome.WRITTEN, store.write(Checkpoints.empty()));
        assertEquals(3, raw.manifest().generation(), "a generation above the dead writer's");
        assertEquals(List.of("3-0"), raw.children(), "the dead writer's chunks and the old ones are gone");
        assertEquals(Checkpoints.empty(), found(store()));
    }

    @Test
    void writeOfAnotherSchedulerIsAConflictAndTheNextWriteGoesAhead() throws Exception {
        try (CuratorFramework otherClient = connect(server)) {
            SchedulerStateStore first = store();
            SchedulerStateStore second = new SchedulerStateStore(otherClient, root, OPEN, MAX_BYTES);
            first.read();
            second.read();
            assertEquals(WriteOutcome.WRITTEN, first.write(Checkpoints.rich()));

            assertEquals(WriteOutcome.CONFLICT, second.write(Checkpoints.empty()));
            assertEquals(1, second.counters().conflicts());
            assertEquals(Checkpoints.rich(), found(store()), "the conflicting write changed nothing");
            assertEquals(List.of("1-0"), raw.children(), "and left no chunks behind");

            assertEquals(WriteOutcome.WRITTEN, second.write(Checkpoints.empty()));
            assertEquals(Checkpoints.empty(), found(store()));
            assertEquals(WriteOutcome.CONFLICT, first.write(laterRound(Checkpoints.rich(), 43)));
            assertEquals(1, first.counters().conflicts());
        }
    }

    @Test
    void unchangedCheckpointIsNotRewritten() throws Exception {
        SchedulerStateStore store = store();
        store.write(Checkpoints.rich());
        Stat before = client.checkExists().forPath(raw.state());

        assertEquals(WriteOutcome.UNCHANGED, store.write(Checkpoints.rich()));
        SchedulerStateStore restarted = store();
        restarted.read();
        assertEquals(WriteOutcome.UNCHANGED, restarted.write(Checkpoints.rich()), "after reading it back");

        assertEquals(before.getMzxid(), client.checkExists().forPath(raw.state()).getMzxid());
        assertEquals(1, store.counters().unchanged());
        assertEquals(1, store.counters().writes());
        assertEquals(WriteOutcome.WRITTEN, store.write(laterRound(Checkpoints.rich(), 43)));
    }

    @Test
    void olderGenerationsAreDeletedAfterASuccessfulWrite() throws Exception {
        SchedulerStateStore store = store();
        store.write(Checkpoints.withRandomSamples(30, 700, 5));
        assertTrue(raw.children().size() >= 2, raw.children().toString());
        client.create().forPath(raw.state() + "/not-a-chunk", new byte[0]);

        store.write(Checkpoints.rich());
        assertEquals(List.of("2-0", "not-a-chunk"), raw.children(), "nodes that are not chunks are left alone");
    }

    @Test
    void createdNodesCarryTheConfiguredAcl() throws Exception {
        String secret = "scheduler:s3cret";
        List<ACL> acl = List.of(new ACL(ZooDefs.Perms.ALL, new Id("digest",
                DigestAuthenticationProvider.generateDigest(secret))), new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE));
        try (CuratorFramework authenticated = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .retryPolicy(new ExponentialBackoffRetry(100, 3))
                .authorization("digest", secret.getBytes(StandardCharsets.UTF_8)).build()) {
            authenticated.start();
            authenticated.blockUntilConnected();
            SchedulerStateStore store = new SchedulerStateStore(authenticated, root, acl, MAX_BYTES);
            store.write(Checkpoints.rich());

            for (String node : List.of(root, root + "/scheduler", raw.state(), raw.chunk(1, 0))) {
                assertEquals(acl, authenticated.getACL().forPath(node), node);
            }
            assertEquals(Checkpoints.rich(), found(new SchedulerStateStore(client, root, OPEN, MAX_BYTES)),
                    "readable by anyone the ACL lets read");
        }
    }

    @Test
    void zooKeeperFailureThrowsAndTheRetryAfterReconnectingWrites() throws Exception {
        try (TestingServer own = new TestingServer(true);
             CuratorFramework impatient = CuratorFrameworkFactory.builder().connectString(own.getConnectString())
                     .retryPolicy(new RetryNTimes(0, 0)).connectionTimeoutMs(500).sessionTimeoutMs(10_000).build()) {
            impatient.start();
            impatient.blockUntilConnected();
            SchedulerStateStore store = new SchedulerStateStore(impatient, root, OPEN, MAX_BYTES);
            store.write(Checkpoints.rich());

            own.stop();
            assertThrows(StateStoreException.class, () -> store.write(Checkpoints.empty()));
            assertEquals(1, store.counters().failedWrites());

            own.restart();
            impatient.blockUntilConnected();
            assertEquals(Checkpoints.rich(), found(store), "the failed write left the previous checkpoint");
            assertEquals(WriteOutcome.WRITTEN, store.write(Checkpoints.empty()));
            assertEquals(Checkpoints.empty(), found(store));
        }
    }

    @Test
    void onlyTheCurrentFormatIsWritten() {
        SchedulerCheckpoint old = new SchedulerCheckpoint(0, 0, "fifo", null, 0, Checkpoints.empty().plan(), null,
                java.util.Map.of());
        assertThrows(IllegalArgumentException.class, () -> store().write(old));
    }
}
