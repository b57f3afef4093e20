package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every way a stored checkpoint can be unusable gives {@link CheckpointRead.Rejected} with the
 * right {@link CheckpointProblem}, one more count of it, and a message that names the znode; none
 * is fatal, and the next write replaces the bad checkpoint.
 */
class SchedulerStateStoreRejectionTest {

    private static final long MAX_BYTES = 1L << 20;
    private static final AtomicInteger ROOTS = new AtomicInteger();

    private static TestingServer server;
    private static CuratorFramework client;

    private final String root = "/rejected" + ROOTS.incrementAndGet();
    private final RawState raw = new RawState(client, root);
    private final SchedulerStateStore store = new SchedulerStateStore(client, root, SchedulerStateStoreTest.OPEN,
            MAX_BYTES);
    private final CheckpointCodec codec = new CheckpointCodec();

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

    private CheckpointRead.Rejected rejected(CheckpointProblem expected) throws Exception {
        long before = store.counters().rejections(expected);
        CheckpointRead.Rejected rejected = assertInstanceOf(CheckpointRead.Rejected.class, store.read());
        assertEquals(expected, rejected.reason(), rejected.message());
        assertEquals(before + 1, store.counters().rejections(expected));
        assertTrue(rejected.message().contains(raw.state()), "no path in: " + rejected.message());
        return rejected;
    }

    private byte[] richPayload() {
        return codec.encode(Checkpoints.rich());
    }

    @Test
    void garbageManifestIsMalformed() throws Exception {
        raw.manifest("\u0000\u00ffnot json");
        rejected(CheckpointProblem.MALFORMED);
        raw.manifest("{\"format\":1,\"generation\":1,\"chunks\":1,\"bytes\":10,\"sha256\":\"abc\",\"writtenAtMillis\":0}");
        assertTrue(rejected(CheckpointProblem.MALFORMED).message().contains("sha256"));
        raw.manifest("{\"format\":1,\"generation\":\"one\"}");
        rejected(CheckpointProblem.MALFORMED);
    }

    @Test
    void manifestWithAnotherSha256IsTruncated() throws Exception {
        raw.payload(1, richPayload(), 1);
        CheckpointManifest good = raw.manifest();
        raw.manifest(new CheckpointManifest(1, 1, 1, good.bytes(), "0".repeat(64), good.writtenAtMillis()));
        assertTrue(rejected(CheckpointProblem.TRUNCATED).message().contains("SHA-256"));
    }

    @Test
    void missingChunkIsTruncated() throws Exception {
        byte[] payload = codec.encode(Checkpoints.withRandomSamples(20, 1_000, 3));
        raw.payload(4, payload, 1);
        assertTrue(raw.manifest().chunks() >= 2);
        client.delete().forPath(raw.chunk(4, 1));
        assertTrue(rejected(CheckpointProblem.TRUNCATED).message().contains(raw.chunk(4, 1) + " (2 of "));
    }

    @Test
    void truncatedChunkIsTruncated() throws Exception {
        byte[] payload = richPayload();
        raw.payload(1, payload, 1);
        raw.chunk(1, 0, Arrays.copyOf(payload, payload.length - 10));
        assertTrue(rejected(CheckpointProblem.TRUNCATED).message().contains("hold " + (payload.length - 10) + " bytes"));
    }

    @Test
    void manifestPromisingMoreThanTheMaximumIsOversized() throws Exception {
        raw.manifest(new CheckpointManifest(1, 1, 3, MAX_BYTES + 1, "0".repeat(64), 0));
        assertTrue(rejected(CheckpointProblem.OVERSIZED).message().contains("more than the maximum of " + MAX_BYTES));
    }

    @Test
    void gzipBombIsOversized() throws Exception {
        byte[] bomb = CheckpointCodec.gzip(new byte[(int) (SchedulerStateStore.MAX_INFLATION * MAX_BYTES) + 1]);
        assertTrue(bomb.length < MAX_BYTES, "a bomb of " + bomb.length + " bytes");
        raw.payload(1, bomb, 1);
        assertTrue(rejected(CheckpointProblem.OVERSIZED).message().contains("inflate past the limit"));
    }

    @Test
    void payloadThatIsNotACheckpointIsMalformed() throws Exception {
        raw.payload(1, CheckpointCodec.gzip("{\"format\":1,\"plan\":[]}".getBytes(StandardCharsets.UTF_8)), 1);
        rejected(CheckpointProblem.MALFORMED);
        raw.payload(2, "not gzip at all".getBytes(StandardCharsets.UTF_8), 1);
        rejected(CheckpointProblem.MALFORMED);
    }

    @Test
    void olderAndNewerFormatsAreUnsupportedAndSaySoInTheManifestOrThePayload() throws Exception {
        for (int format : new int[] {0, SchedulerCheckpoint.CURRENT_FORMAT + 1}) {
            SchedulerCheckpoint other = new SchedulerCheckpoint(format, 0, "fifo", null, 0,
                    Checkpoints.empty().plan(), null, java.util.Map.of());
            raw.payload(1, codec.encode(other), format);
            String message = rejected(CheckpointProblem.UNSUPPORTED_FORMAT).message();
            assertTrue(message.contains("format " + format + " is " + (format == 0 ? "older" : "newer")), message);
            assertTrue(message.contains("starts fresh and relearns"), message);

            raw.payload(1, codec.encode(other), SchedulerCheckpoint.CURRENT_FORMAT);
            assertTrue(rejected(CheckpointProblem.UNSUPPORTED_FORMAT).message().contains("format " + format));
        }
    }

    @Test
    void nextWriteReplacesAnUnreadableCheckpoint() throws Exception {
        raw.manifest("garbage");
        rejected(CheckpointProblem.MALFORMED);
        assertEquals(WriteOutcome.WRITTEN, store.write(Checkpoints.rich()));
        assertEquals(Checkpoints.rich(), SchedulerStateStoreTest.found(store));
        assertEquals(0, store.counters().conflicts());
    }
}
