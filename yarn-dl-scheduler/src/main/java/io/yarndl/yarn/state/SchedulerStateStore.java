package io.yarndl.yarn.state;

import io.yarndl.yarn.config.SchedulerSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.api.transaction.CuratorTransactionResult;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the scheduler's {@link SchedulerCheckpoint} in ZooKeeper, atomically and never torn
 * (ARCHITECTURE.md, "ZooKeeper layout", {@code scheduler/state}).
 *
 * <p><b>Layout.</b> The node {@code <root>/scheduler/state} holds a small JSON manifest,
 * {@code {"format":1,"generation":7,"chunks":3,"bytes":1200000,"sha256":"...","writtenAtMillis":...}}.
 * The payload ({@link CheckpointCodec}: gzip-compressed JSON, at most {@code maxBytes}) is split
 * into its children {@code <generation>-0}, {@code <generation>-1}, ... of at most
 * {@link #CHUNK_BYTES} each, because ZooKeeper refuses a node or a request over about 1 MB
 * ({@code jute.maxbuffer}); for the same reason the chunks are written one request each, never
 * in one multi-op. Every node the store creates gets the configured ACL.
 *
 * <p><b>Writer.</b> {@link #write} (1) encodes the checkpoint, thinning the samples until it fits
 * (see {@link CheckpointFitter}; models and plan are kept whole, a checkpoint that does not fit
 * even without samples is refused, logged at ERROR once until a write fits again); (2) skips the
 * write when the payload's SHA-256 equals that of the checkpoint this store last wrote or read
 * back; (3) creates all chunks of a new generation, one above
 * any generation present; (4) switches the manifest in one multi-op that checks every new chunk
 * still exists and sets the manifest's data only if its version is the one this store last saw;
 * (5) deletes the chunks of older generations. On the very first write the manifest node is first
 * created empty, as the chunks' parent.
 *
 * <p><b>Reader.</b> {@link #read} follows only the manifest: it reads the chunks the manifest
 * names and checks their number, total length and SHA-256 before decoding. Chunks of other
 * generations are invisible to it. A reader that finds chunks missing because a writer switched
 * the manifest and deleted them meanwhile reads again (up to three times).
 *
 * <p><b>Crash mid-write.</b> Until step 4 the manifest still names the previous generation, whose
 * chunks are untouched, so a writer that dies (or loses its session) half-way leaves the previous
 * checkpoint readable; step 4 is one ZooKeeper transaction, so readers see the old checkpoint or
 * the new one, never a mix. The orphaned chunks are deleted by the next successful write, which
 * picks a generation above theirs.
 *
 * <p><b>Conflict.</b> A manifest whose version is not the one this store last saw (by reading it
 * or by writing it) was written by another scheduler: in ResourceManager HA, the old active one
 * that has not noticed the failover yet. The write is then dropped (its chunks deleted), counted
 * as a {@link StateStoreCounters#conflicts() conflict} and logged; the store takes the manifest's
 * current version, so its next write goes ahead and replaces the other's. Last writer wins rather
 * than a lock, because the RM's own leader election already makes one scheduler active, a stale
 * one stops within a session timeout, and the checkpoint is a head start, not the truth: the
 * worst a lost write costs is relearning from the jobs' samples. Refusing every later write after
 * one stray write would instead stop checkpointing on the active scheduler for good.
 *
 * <p><b>Unreadable data</b> is never fatal: read returns {@link CheckpointRead.Rejected} with a
 * {@link CheckpointProblem}, counts it, and logs it once at WARN with the path; the next write
 * replaces it.
 *
 * <p><b>Connection loss and threads.</b> Calls are synchronous, run on the caller's thread, and
 * are serialized per store. Curator retries each ZooKeeper call under its retry policy; when that
 * fails, {@link #read} and {@link #write} throw {@link StateStoreException} and the stored state is
 * as described under "crash mid-write". The caller keeps its latest checkpoint and writes it again
 * after reconnecting. After such a failure the store no longer trusts what it last saw: its next
 * write adopts the manifest's version as it finds it (so a write of its own whose answer was lost
 * is not taken for another scheduler's) and is not skipped as unchanged.
 */
public final class SchedulerStateStore {

    /** Largest chunk: half of ZooKeeper's default per-request limit of 1 MiB, leaving room for the rest of the request. */
    public static final int CHUNK_BYTES = 512 * 1024;
    /**
     * How many times its compressed size a payload may inflate to when read. Checkpoint JSON
     * compresses 3 to 10 times; the writer never stores one that inflates further, so a payload that
     * does is not the scheduler's (a gzip bomb) and decoding stops there.
     */
    public static final int MAX_INFLATION = 32;

    private static final Logger LOG = LoggerFactory.getLogger(SchedulerStateStore.class);
    /** The manifest's version is unknown: the next write takes whatever version it finds. */
    private static final int UNKNOWN = -2;

    private final CuratorFramework client;
    private final StateLayout layout;
    private final List<ACL> acl;
    private final long maxBytes;
    private final CheckpointFitter fitter;
    private final StateReader reader;
    private final StateStoreCounters counters = new StateStoreCounters();

    // Guarded by this: what the manifest was when this store last read or wrote it.
    private int knownVersion = UNKNOWN;
    private String knownSha;
    private boolean thinningReported;
    private boolean tooLargeReported;

    /**
     * @param root     yarn-dl's ZooKeeper root, e.g. {@code /yarn-dl}
     * @param acl      the ACL of every node the store creates, not empty
     * @param maxBytes most compressed bytes of a checkpoint, written or read ({@link SchedulerSettings#checkpointMaxBytes()})
     * @throws IllegalArgumentException for a bad root, an empty ACL or a maximum below 1
     */
    public SchedulerStateStore(CuratorFramework client, String root, List<ACL> acl, long maxBytes) {
        this.client = Objects.requireNonNull(client, "client");
        this.layout = new StateLayout(root);
        this.acl = List.copyOf(Objects.requireNonNull(acl, "acl"));
        if (this.acl.isEmpty()) {
            throw new IllegalArgumentException("the state store's ACL must not be empty (ZooKeeper refuses it)");
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be at least 1, got " + maxBytes);
        }
        this.maxBytes = maxBytes;
        long maxJsonBytes = maxBytes > Long.MAX_VALUE / MAX_INFLATION ? Long.MAX_VALUE : maxBytes * MAX_INFLATION;
        CheckpointCodec codec = new CheckpointCodec();
        this.fitter = new CheckpointFitter(codec, maxBytes, maxJsonBytes);
        this.reader = new StateReader(client, layout, codec, maxBytes, maxJsonBytes);
    }

    /** The manifest node, {@code <root>/scheduler/state}. */
    public String path() {
        return layout.state();
    }

    public StateStoreCounters counters() {
        return counters;
    }

    /**
     * The stored checkpoint, if there is one and it passes every check.
     *
     * @throws StateStoreException  when ZooKeeper fails a call (after Curator's retries)
     */
    public synchronized CheckpointRead read() throws StateStoreException, InterruptedException {
        StateReader.Seen seen;
        try {
            seen = reader.read();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            knownVersion = UNKNOWN;
            knownSha = null;
            throw new StateStoreException("could not read the scheduler checkpoint at " + path() + ": " + e, e);
        }
        knownVersion = seen.version();
        knownSha = seen.checkpoint() != null ? seen.manifest().sha256() : null;
        if (seen.checkpoint() != null) {
            return new CheckpointRead.Found(seen.checkpoint(), seen.version());
        }
        if (seen.problem() == null) {
            return new CheckpointRead.Absent();
        }
        CheckpointProblem problem = seen.problem().problem();
        String message = "scheduler checkpoint at " + path() + (seen.manifest() == null ? ""
                : " (generation " + seen.manifest().generation() + ")") + ": " + seen.problem().getMessage();
        counters.countRejection(problem);
        LOG.warn("Ignoring the {} [{}]; the scheduler starts without it, and its next checkpoint replaces it",
                message, problem);
        return new CheckpointRead.Rejected(problem, message);
    }

    /**
     * Stores {@code checkpoint} as described in the class comment.
     *
     * @return what was done; only {@link WriteOutcome#WRITTEN} changes what readers get
     * @throws IllegalArgumentException when the checkpoint is not in the current format
     * @throws StateStoreException      when ZooKeeper fails a call; the previous checkpoint stays readable
     */
    public synchronized WriteOutcome write(SchedulerCheckpoint checkpoint) throws StateStoreException,
            InterruptedException {
        if (checkpoint.format() != SchedulerCheckpoint.CURRENT_FORMAT) {
            throw new IllegalArgumentException("only format " + SchedulerCheckpoint.CURRENT_FORMAT
                    + " is written, got " + checkpoint.format());
        }
        Optional<CheckpointFitter.Payload> fitted = fitter.fit(checkpoint);
        if (fitted.isEmpty()) {
            counters.countTooLarge();
            if (tooLargeReported) {
                LOG.debug("The scheduler checkpoint still does not fit in {} bytes; not written", maxBytes);
                return WriteOutcome.TOO_LARGE;
            }
            tooLargeReported = true;
            LOG.error("The scheduler checkpoint does not fit in {} compressed bytes even without samples (plan of {}"
                    + " jobs, models of {}); not written, {} keeps the previous one. Raise {}.", maxBytes,
                    checkpoint.plan().jobs().size(), checkpoint.policyState() == null ? 0
                            : checkpoint.policyState().jobs().size(), path(), SchedulerSettings.CHECKPOINT_MAX_BYTES);
            return WriteOutcome.TOO_LARGE;
        }
        tooLargeReported = false;
        CheckpointFitter.Payload payload = fitted.get();
        reportThinning(payload);
        if (payload.sha256().equals(knownSha)) {
            counters.countUnchanged();
            return WriteOutcome.UNCHANGED;
        }
        List<String> created = new ArrayList<>();
        try {
            return store(payload, checkpoint.writtenAtMillis(), created);
        } catch (InterruptedException e) {
            knownVersion = UNKNOWN;
            knownSha = null;
            throw e;
        } catch (Exception e) {
            // Chunks it created stay until the next successful write: deleting them now would mostly
            // wait out Curator's retries again on a connection that is down.
            counters.countFailedWrite();
            knownVersion = UNKNOWN;
            knownSha = null;
            throw new StateStoreException("could not write the scheduler checkpoint to " + path() + ": " + e, e);
        }
    }

    private WriteOutcome store(CheckpointFitter.Payload payload, long writtenAtMillis, List<String> created)
            throws Exception {
        createStateNode();
        Stat stat = new Stat();
        byte[] current = client.getData().storingStatIn(stat).forPath(path());
        if (writtenByAnother(stat, current)) {
            return conflict("its version is " + stat.getVersion() + ", this store last saw "
                    + (knownVersion == StateReader.ABSENT ? "no manifest" : "version " + knownVersion), created);
        }
        knownVersion = stat.getVersion();
        long generation = 1 + Math.max(generationOf(current), newestChunkGeneration());
        byte[] bytes = payload.bytes();
        int chunks = (bytes.length + CHUNK_BYTES - 1) / CHUNK_BYTES;
        List<CuratorOp> switchOver = new ArrayList<>(chunks + 1);
        for (int index = 0; index < chunks; index++) {
            String chunk = layout.chunk(generation, index);
            byte[] part = Arrays.copyOfRange(bytes, index * CHUNK_BYTES, Math.min(bytes.length, (index + 1) * CHUNK_BYTES));
            try {
                client.create().withACL(acl).forPath(chunk, part);
            } catch (KeeperException.NodeExistsException e) {
                // Equal bytes: our own create, retried by Curator after its answer was lost.
                if (!Arrays.equals(client.getData().forPath(chunk), part)) {
                    return conflict("another writer is writing generation " + generation, created);
                }
            }
            created.add(chunk);
            switchOver.add(client.transactionOp().check().withVersion(0).forPath(chunk));
        }
        CheckpointManifest manifest = new CheckpointManifest(SchedulerCheckpoint.CURRENT_FORMAT, generation, chunks,
                bytes.length, payload.sha256(), writtenAtMillis);
        switchOver.add(client.transactionOp().setData().withVersion(knownVersion).forPath(path(), manifest.toJson()));
        try {
            List<CuratorTransactionResult> results = client.transaction().forOperations(switchOver);
            knownVersion = results.get(results.size() - 1).getResultStat().getVersion();
        } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
            Stat now = new Stat();
            if (!manifest.equals(parsedOrNull(client.getData().storingStatIn(now).forPath(path())))) {
                return conflict("it changed while generation " + generation + " was being written (" + e.code() + ")",
                        created);
            }
            // Our own switch, retried by Curator after its answer was lost: it did happen.
            knownVersion = now.getVersion();
        }
        knownSha = payload.sha256();
        counters.countWrite(bytes.length, payload.thinned() > 0);
        LOG.debug("Wrote the scheduler checkpoint to {}: generation {}, {} bytes in {} chunk(s)", path(), generation,
                bytes.length, chunks);
        deleteGenerationsBelow(generation);
        return WriteOutcome.WRITTEN;
    }

    /** True when the manifest is not as this store last saw it (an unknown version matches anything). */
    private boolean writtenByAnother(Stat stat, byte[] current) {
        if (knownVersion == StateReader.ABSENT) {
            // Created empty since, by this store or another one, but not switched by anyone yet.
            return current != null && current.length > 0;
        }
        return knownVersion != UNKNOWN && knownVersion != stat.getVersion();
    }

    private void createStateNode() throws Exception {
        try {
            client.create().creatingParentsIfNeeded().withACL(acl, true).forPath(path(), new byte[0]);
        } catch (KeeperException.NodeExistsException e) {
            // The usual case: only the first write creates it.
        }
    }

    private WriteOutcome conflict(String detail, List<String> created) throws Exception {
        counters.countConflict();
        deleteQuietly(created);
        Stat stat = new Stat();
        byte[] current = client.getData().storingStatIn(stat).forPath(path());
        knownVersion = stat.getVersion();
        CheckpointManifest manifest = parsedOrNull(current);
        knownSha = manifest == null ? null : manifest.sha256();
        LOG.warn("Another scheduler wrote the checkpoint at {}: {}. This write is dropped; the next one replaces"
                + " the other's (version {} now)", path(), detail, knownVersion);
        return WriteOutcome.CONFLICT;
    }

    private static CheckpointManifest parsedOrNull(byte[] data) {
        try {
            return data == null || data.length == 0 ? null : CheckpointManifest.fromJson(data);
        } catch (UnreadableCheckpointException e) {
            return null;
        }
    }

    private static long generationOf(byte[] manifestData) {
        CheckpointManifest manifest = parsedOrNull(manifestData);
        return manifest == null ? 0 : manifest.generation();
    }

    private long newestChunkGeneration() throws Exception {
        long newest = 0;
        for (String child : client.getChildren().forPath(path())) {
            newest = Math.max(newest, StateLayout.generationOf(child).orElse(0));
        }
        return newest;
    }

    /** Chunks no manifest can name any more: the previous checkpoint's and those of writes that died. */
    private void deleteGenerationsBelow(long generation) {
        List<String> stale = new ArrayList<>();
        try {
            for (String child : client.getChildren().forPath(path())) {
                if (StateLayout.generationOf(child).orElse(generation) < generation) {
                    stale.add(path() + "/" + child);
                }
            }
        } catch (Exception e) {
            LOG.warn("Could not list the old chunks under {} ({}); the next write deletes them", path(), e.toString());
            restoreInterrupt(e);
            return;
        }
        deleteQuietly(stale);
    }

    private void deleteQuietly(List<String> paths) {
        for (String path : paths) {
            try {
                client.delete().forPath(path);
            } catch (KeeperException.NoNodeException e) {
                // Already gone: what we wanted.
            } catch (Exception e) {
                LOG.warn("Could not delete {} ({}); a later write deletes it", path, e.toString());
                restoreInterrupt(e);
                return;
            }
        }
    }

    private void reportThinning(CheckpointFitter.Payload payload) {
        if (payload.thinned() == 0) {
            thinningReported = false;
        } else if (!thinningReported) {
            thinningReported = true;
            LOG.warn("The scheduler checkpoint is over {} compressed bytes: {} every job's samples to fit ({} bytes);"
                    + " plan and models are kept whole. Raise {} to keep more (logged again only after a write"
                    + " that fits unthinned)", maxBytes, payload.samplesDropped() ? "dropped"
                    : "thinned " + payload.thinned() + " time(s)", payload.bytes().length,
                    SchedulerSettings.CHECKPOINT_MAX_BYTES);
        }
    }

    private static void restoreInterrupt(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
    }
}
