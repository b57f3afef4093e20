package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The checkpoint's stored format, pinned by files the hand-written codec wrote: a scheduler must
 * read the checkpoint its predecessor left in ZooKeeper, and equal checkpoints must encode to equal
 * bytes, so the codec writes exactly these bytes and reads them back. The format 2 files are what
 * schedulers before the samples' GPU type wrote, the format 3 files what schedulers before Gavel's
 * received time was saved wrote, the format 4 files what schedulers before the samples' batch size
 * and noise scale wrote: they must still read.
 */
class CheckpointFormatTest {

    private static final long LIMIT = 16L << 20;

    private final CheckpointCodec codec = new CheckpointCodec();

    @Test
    void writesAndReadsTheStoredFormatOfARichCheckpoint() throws Exception {
        assertStored(Checkpoints.rich(), "rich-checkpoint-format-5.json");
    }

    @Test
    void writesAndReadsTheStoredFormatOfAGavelCheckpointWithTheTimeItsJobsReceived() throws Exception {
        assertStored(Checkpoints.gavel(), "gavel-checkpoint-format-5.json");
    }

    @Test
    void writesAndReadsTheStoredFormatOfAnEmptyCheckpoint() throws Exception {
        assertStored(Checkpoints.empty(), "empty-checkpoint-format-5.json");
    }

    @Test
    void readsTheCheckpointsAnEarlierSchedulerWroteInFormatFourWithSamplesThatSayNoBatch() throws Exception {
        assertEquals(Checkpoints.batchless(Checkpoints.rich()), codec.decode(CheckpointCodec.gzip(
                resource("rich-checkpoint-format-4.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
        assertEquals(Checkpoints.gavel(), codec.decode(CheckpointCodec.gzip(
                resource("gavel-checkpoint-format-4.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
        assertEquals(Checkpoints.empty(), codec.decode(CheckpointCodec.gzip(
                resource("empty-checkpoint-format-4.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
    }

    @Test
    void readsTheCheckpointsAnEarlierSchedulerWroteInFormatThreeWithNothingReceived() throws Exception {
        assertEquals(Checkpoints.batchless(Checkpoints.rich()), codec.decode(CheckpointCodec.gzip(
                resource("rich-checkpoint-format-3.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
        assertEquals(Checkpoints.empty(), codec.decode(CheckpointCodec.gzip(
                resource("empty-checkpoint-format-3.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
    }

    @Test
    void readsTheCheckpointsAnEarlierSchedulerWroteInFormatTwoWithUntaggedSamples() throws Exception {
        assertEquals(Checkpoints.untagged(Checkpoints.batchless(Checkpoints.rich())), codec.decode(CheckpointCodec.gzip(
                resource("rich-checkpoint-format-2.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
        assertEquals(Checkpoints.empty(), codec.decode(CheckpointCodec.gzip(
                resource("empty-checkpoint-format-2.json").getBytes(StandardCharsets.UTF_8)), LIMIT));
    }

    @Test
    void writesAndReadsTheStoredManifestFormat() throws Exception {
        String stored = "{\"format\":2,\"generation\":7,\"chunks\":3,\"bytes\":1200000,\"sha256\":\"" + "0a".repeat(32)
                + "\",\"writtenAtMillis\":1732200000123}";
        CheckpointManifest manifest = new CheckpointManifest(2, 7, 3, 1_200_000, "0a".repeat(32), 1_732_200_000_123L);
        assertEquals(stored, new String(manifest.toJson(), StandardCharsets.UTF_8));
        assertEquals(manifest, CheckpointManifest.fromJson(stored.getBytes(StandardCharsets.UTF_8)));
    }

    private void assertStored(SchedulerCheckpoint checkpoint, String file) throws Exception {
        String stored = resource(file);
        assertEquals(stored, new String(codec.json(checkpoint), StandardCharsets.UTF_8));
        assertEquals(checkpoint, codec.decode(CheckpointCodec.gzip(stored.getBytes(StandardCharsets.UTF_8)), LIMIT));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = CheckpointFormatTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
