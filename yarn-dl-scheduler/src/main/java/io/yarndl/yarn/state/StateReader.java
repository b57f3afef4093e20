package io.yarndl.yarn.state;

import java.io.ByteArrayOutputStream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Reads the stored checkpoint by following its manifest, checking each step; the reading half of
 * {@link SchedulerStateStore}, which documents the layout. Holds no state between reads.
 */
final class StateReader {

    /** The manifest node's version when it does not exist. */
    static final int ABSENT = -1;
    /** Reads that find the manifest switched under them are retried this many times in all. */
    private static final int ATTEMPTS = 3;

    /**
     * What one read saw.
     *
     * @param version  the manifest node's data version, or {@link #ABSENT}
     * @param manifest the manifest it followed, or null when there was none it could read
     * @param problem  why the checkpoint cannot be used, or null when {@code checkpoint} is set
     */
    record Seen(int version, CheckpointManifest manifest, SchedulerCheckpoint checkpoint,
                UnreadableCheckpointException problem) {
    }

    private final CuratorFramework client;
    private final StateLayout layout;
    private final CheckpointCodec codec;
    private final long maxBytes;
    private final long maxJsonBytes;

    StateReader(CuratorFramework client, StateLayout layout, CheckpointCodec codec, long maxBytes, long maxJsonBytes) {
        this.client = client;
        this.layout = layout;
        this.codec = codec;
        this.maxBytes = maxBytes;
        this.maxJsonBytes = maxJsonBytes;
    }

    /** @throws Exception what Curator throws when ZooKeeper fails a call */
    Seen read() throws Exception {
        for (int attempt = 1; ; attempt++) {
            Stat stat = new Stat();
            byte[] data;
            try {
                data = client.getData().storingStatIn(stat).forPath(layout.state());
            } catch (KeeperException.NoNodeException e) {
                return new Seen(ABSENT, null, null, null);
            }
            if (data == null || data.length == 0) {
                // Created empty as the chunks' parent by a first write that has not switched it yet.
                return new Seen(stat.getVersion(), null, null, null);
            }
            CheckpointManifest manifest;
            try {
                manifest = CheckpointManifest.fromJson(data);
                CheckpointCodec.checkReadable(manifest.format());
                if (manifest.bytes() > maxBytes) {
                    throw new UnreadableCheckpointException(CheckpointProblem.OVERSIZED, "the manifest promises "
                            + manifest.bytes() + " bytes, more than the maximum of " + maxBytes);
                }
            } catch (UnreadableCheckpointException e) {
                return new Seen(stat.getVersion(), null, null, e);
            }
            try {
                byte[] payload = payload(manifest);
                return new Seen(stat.getVersion(), manifest, codec.decode(payload, maxJsonBytes), null);
            } catch (UnreadableCheckpointException e) {
                if (e.problem() == CheckpointProblem.TRUNCATED && attempt < ATTEMPTS && switchedSince(stat)) {
                    // A writer replaced the checkpoint and deleted these chunks while we read them.
                    continue;
                }
                return new Seen(stat.getVersion(), manifest, null, e);
            }
        }
    }

    /** The payload the manifest describes, with its chunk count, length and SHA-256 checked. */
    private byte[] payload(CheckpointManifest manifest) throws Exception {
        ByteArrayOutputStream payload = new ByteArrayOutputStream((int) Math.min(manifest.bytes(), Integer.MAX_VALUE - 16));
        for (int index = 0; index < manifest.chunks(); index++) {
            String chunk = layout.chunk(manifest.generation(), index);
            byte[] data;
            try {
                data = client.getData().forPath(chunk);
            } catch (KeeperException.NoNodeException e) {
                throw truncated("chunk " + chunk + " (" + (index + 1) + " of " + manifest.chunks() + ") is missing");
            }
            int length = data == null ? 0 : data.length;
            if (payload.size() + (long) length > manifest.bytes()) {
                throw truncated("chunks 0 to " + index + " hold more than the manifest's " + manifest.bytes() + " bytes");
            }
            payload.write(data == null ? new byte[0] : data, 0, length);
        }
        if (payload.size() != manifest.bytes()) {
            throw truncated("the " + manifest.chunks() + " chunk(s) hold " + payload.size() + " bytes, the manifest promises "
                    + manifest.bytes());
        }
        byte[] bytes = payload.toByteArray();
        String sha256 = CheckpointFitter.sha256(bytes);
        if (!sha256.equals(manifest.sha256())) {
            throw truncated("the chunks' SHA-256 is " + sha256 + ", the manifest promises " + manifest.sha256());
        }
        return bytes;
    }

    private boolean switchedSince(Stat seen) throws Exception {
        Stat now = client.checkExists().forPath(layout.state());
        // The zxid of the last change also tells a node deleted and created again, whose version restarts.
        return now == null || now.getMzxid() != seen.getMzxid();
    }

    private static UnreadableCheckpointException truncated(String what) {
        return new UnreadableCheckpointException(CheckpointProblem.TRUNCATED, what);
    }
}
