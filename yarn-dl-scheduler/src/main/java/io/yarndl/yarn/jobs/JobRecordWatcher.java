package io.yarndl.yarn.jobs;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.job.MalformedRecordException;
import io.yarndl.contract.records.JobRecordPaths;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.BackgroundCallback;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler's view of every DL job's ZooKeeper records: a {@link CuratorCache} on
 * {@code <root>/jobs} turns the specs and progress samples that ApplicationMasters write (see
 * {@link JobRecordWriter}, {@link JobRecordCodec}) into a job description and a bounded history of
 * validated samples per application, which a scheduling round reads.
 *
 * <p><b>Validation.</b> Bad records are skipped, counted in {@link #rejections()} and logged; the
 * job keeps its previous good state and nothing is ever fatal. A spec that cannot be read is
 * {@link RejectionReason#MALFORMED_SPEC}, logged at WARN once per bad write (a job whose first spec
 * is bad has no description until a good one arrives; one that had a good spec keeps it). A
 * progress record that cannot be read is {@link RejectionReason#MALFORMED_PROGRESS}; one that reads
 * but is not {@link ProgressSample#isUsable() usable} is {@link RejectionReason#UNUSABLE_SAMPLE};
 * one whose step is below the last accepted sample's is {@link RejectionReason#STEP_BACKWARDS}
 * (progress rejections are logged at WARN the first time per job and reason, then at DEBUG). A
 * progress record is a batch of samples, every one the AM took since its previous write
 * ({@link BatchIntake}): the samples up to the last accepted one, where the batch holds it, are a
 * redelivery and are skipped silently, as is a sample with the same step and time as the last
 * accepted one; each of the others is accepted or rejected on its own. Deleting a job's node forgets the job, deleting its spec clears its description;
 * deleting its progress node keeps the samples already accepted.
 *
 * <p><b>History.</b> At most {@code maxSamplesPerJob} samples are kept per job. Past the cap the
 * newest half stays at full resolution and the older half keeps samples at a uniform stride that
 * doubles as the run grows (every other one is dropped, never the first), so the long-range loss
 * curve and the speeds seen at earlier sizes survive rather than only a recent window; see
 * {@code SampleHistory}.
 *
 * <p><b>Seeding.</b> After a restart the scheduler gives back the histories it checkpointed
 * ({@link #sampleHistories()}, {@link #seed}), because ZooKeeper holds only each job's latest
 * sample. A seeded history counts as accepted by this watcher: it continues to thin as it would
 * have, a progress record equal to its last sample (what the cache delivers first after a restart
 * when the job made no progress meanwhile) is a silent redelivery, a newer one is appended, and
 * one below its last step is {@link RejectionReason#STEP_BACKWARDS} as ever. A seed waits for its
 * job's first record; seeds of jobs the initial load does not find (finished meanwhile) are
 * dropped, so a checkpoint never brings back a job that ZooKeeper no longer has.
 *
 * <p><b>Threads.</b> Cache events are handled one at a time on the thread where the Curator client
 * runs its cache callbacks, and never throw out of the listener. The read methods may be called from any thread; they return
 * immutable copies of one consistent per-job state.
 *
 * <p><b>Connection loss.</b> While the ZooKeeper connection is down no events arrive and every read
 * returns the last known state, which is never cleared for that reason: a scheduling round keeps
 * planning with slightly stale progress. When the connection (or, after expiry, a new session)
 * comes back, the cache re-registers its watch and re-reads what it holds and the jobs node's
 * children: changed records arrive as changes, vanished jobs as deletions, new jobs as creations.
 * Only each node's current value is seen; since the AM's record carries every sample since its
 * previous write, samples written faster than the cache reads them are not missed, while those of
 * batches overwritten during an outage are; the history stays ordered. Needs a
 * ZooKeeper 3.6+ server (the cache uses persistent recursive watches).
 */
public final class JobRecordWatcher implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(JobRecordWatcher.class);

    private final CuratorFramework client;
    private final JobRecordPaths paths;
    private final int maxSamplesPerJob;
    private final JobRecordCodec codec = new JobRecordCodec();
    private final RecordRejections rejections = new RecordRejections();
    private final AtomicLong acceptedSamples = new AtomicLong();
    private final ConcurrentMap<String, JobState> jobs = new ConcurrentHashMap<>();
    private final SeededHistories seeds = new SeededHistories();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final CuratorCache cache;

    /**
     * @param root             yarn-dl's ZooKeeper root, e.g. {@code /yarn-dl}
     * @param maxSamplesPerJob most progress samples kept per job, at least 1
     * @throws IllegalArgumentException for a bad root or a cap below 1
     */
    public JobRecordWatcher(CuratorFramework client, String root, int maxSamplesPerJob) {
        if (maxSamplesPerJob < 1) {
            throw new IllegalArgumentException("maxSamplesPerJob must be at least 1, got " + maxSamplesPerJob);
        }
        this.client = Objects.requireNonNull(client, "client");
        this.paths = new JobRecordPaths(root);
        this.maxSamplesPerJob = maxSamplesPerJob;
        this.cache = CuratorCache.build(client, paths.jobs());
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forAll(this::onCacheEvent)
                .forInitialized(this::onInitialLoad)
                .build());
    }

    /**
     * Starts watching. Creates {@code <root>/jobs} in the background when it is missing (a failure
     * to do so is logged; the cache picks the node up whenever it appears). Existing records arrive
     * as events shortly after, so reads are empty until then.
     *
     * @throws IllegalStateException when already started, or when the client is not started
     */
    public void start() {
        BackgroundCallback created = (c, event) -> {
            int code = event.getResultCode();
            if (code != KeeperException.Code.OK.intValue() && code != KeeperException.Code.NODEEXISTS.intValue()) {
                LOG.warn("Could not create {} ({}); watching for it anyway", event.getPath(),
                        KeeperException.Code.get(code));
            }
        };
        try {
            client.create().creatingParentsIfNeeded().inBackground(created).forPath(paths.jobs(), new byte[0]);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            // Curator declares Exception even for background calls; the cache works without the node.
            LOG.warn("Could not create {}; watching for it anyway", paths.jobs(), e);
        }
        cache.start();
    }

    /** The job's description from its last good spec, empty while there is none. */
    public Optional<JobDescription> description(String applicationId) {
        return Optional.ofNullable(jobs.get(applicationId)).map(JobState::description);
    }

    /** The job's accepted progress samples, oldest first, at most {@code maxSamplesPerJob}; immutable. */
    public List<ProgressSample> samples(String applicationId) {
        JobState state = jobs.get(applicationId);
        return state == null ? List.of() : state.samples();
    }

    /**
     * What the job's resizes have cost it so far, measured on its accepted samples
     * ({@link ResizeTimer}); {@link Restarts#NONE} for a job not known or not yet resized.
     */
    public Restarts restarts(String applicationId) {
        JobState state = jobs.get(applicationId);
        return state == null ? Restarts.NONE : state.restarts();
    }

    /** Applications with a node under {@code <root>/jobs} (or records seen there) and not forgotten. */
    public Set<String> knownJobs() {
        return Set.copyOf(jobs.keySet());
    }

    /**
     * Every job's sample history as a checkpoint stores it, by application id in id order: each
     * known job with at least one sample, and each seeded history still waiting for its job. Each
     * job's entry is one consistent state; immutable.
     */
    public Map<String, JobSamples> sampleHistories() {
        Map<String, JobSamples> all = new TreeMap<>();
        // Seeds before jobs: a seed taken meanwhile is then found in its job.
        seeds.snapshot().forEach((app, history) -> all.put(app, history.toStored()));
        jobs.forEach((app, state) -> {
            if (!state.samples().isEmpty()) {
                all.put(app, state.history().toStored());
            }
        });
        return Collections.unmodifiableMap(all);
    }

    /**
     * Installs checkpointed sample histories (see the class comment, "Seeding"). Meant to be called
     * before {@link #start()}; a job already known keeps the seeded samples first and then those
     * of its own that are newer than the last seeded one. Histories whose counters do not fit
     * their samples, or hold more than {@code maxSamplesPerJob}, are repaired by re-thinning.
     */
    public void seed(Map<String, JobSamples> histories) {
        boolean changed = false;
        for (Map.Entry<String, JobSamples> entry : histories.entrySet()) {
            SampleHistory history = SampleHistory.fromStored(entry.getValue(), maxSamplesPerJob);
            boolean[] merged = new boolean[1];
            boolean[] refused = new boolean[1];
            // Under the job's map entry, so that its first record cannot slip between the check and the offer.
            jobs.compute(entry.getKey(), (app, state) -> {
                if (state != null) {
                    merged[0] = true;
                    return state.seededWith(history, maxSamplesPerJob);
                }
                refused[0] = !seeds.offer(app, history);
                return null;
            });
            changed |= merged[0];
            if (refused[0]) {
                LOG.info("Not seeding the checkpointed samples of {}: ZooKeeper has no records of it", entry.getKey());
            }
        }
        if (changed) {
            notifyListeners();
        }
    }

    /** Progress samples accepted since this watcher started (seeded histories not counted). */
    public long acceptedSamples() {
        return acceptedSamples.get();
    }

    /** Counts of the records skipped so far. */
    public RecordRejections rejections() {
        return rejections;
    }

    /**
     * Drops what is held in memory for a finished application. Its ZooKeeper nodes are untouched;
     * a later write to them makes the job known again.
     */
    public void forget(String applicationId) {
        seeds.forget(applicationId);
        if (jobs.remove(applicationId) != null) {
            notifyListeners();
        }
    }

    /**
     * Registers {@code listener} to run, on the cache's event thread, after each change to what the
     * read methods return. It should be quick; an exception it throws is logged and ignored.
     */
    public void onChange(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Stops watching; reads keep returning the last known state. */
    @Override
    public void close() {
        cache.close();
    }

    private void onCacheEvent(CuratorCacheListener.Type type, ChildData oldData, ChildData data) {
        try {
            boolean deleted = type == CuratorCacheListener.Type.NODE_DELETED;
            ChildData node = deleted ? oldData : data;
            if (node != null) {
                handle(node, deleted);
            }
        } catch (RuntimeException e) {
            LOG.error("Unexpected failure handling {} of {}; state left as it was", type,
                    data != null ? data.getPath() : oldData != null ? oldData.getPath() : "?", e);
        }
    }

    private void onInitialLoad() {
        Set<String> dropped = seeds.endInitialLoad();
        if (!dropped.isEmpty()) {
            LOG.info("Dropped the checkpointed samples of {} job(s) that have no records in ZooKeeper any more: {}",
                    dropped.size(), dropped);
        }
    }

    /** {@code state}, or for a job not known yet, a fresh one holding its seeded history if any. */
    private JobState known(String app, JobState state) {
        if (state != null) {
            return state;
        }
        SampleHistory seeded = seeds.take(app);
        return seeded == null ? JobState.EMPTY : JobState.EMPTY.seededWith(seeded, maxSamplesPerJob);
    }

    private void handle(ChildData node, boolean deleted) {
        String path = node.getPath();
        Optional<String> applicationId = paths.applicationIdOf(path);
        if (applicationId.isEmpty()) {
            return;
        }
        String app = applicationId.get();
        if (path.equals(paths.job(app))) {
            boolean changed;
            if (deleted) {
                seeds.forget(app);
                changed = jobs.remove(app) != null;
            } else {
                boolean[] added = new boolean[1];
                jobs.compute(app, (id, state) -> {
                    added[0] = state == null;
                    return known(id, state);
                });
                changed = added[0];
            }
            if (changed) {
                notifyListeners();
            }
        } else if (path.equals(paths.spec(app))) {
            if (deleted) {
                if (jobs.computeIfPresent(app, (id, state) -> state.withDescription(null)) != null) {
                    notifyListeners();
                }
            } else {
                onSpec(app, node);
            }
        } else if (path.equals(paths.progress(app)) && !deleted) {
            onProgress(app, node);
        }
    }

    private void onSpec(String app, ChildData node) {
        JobDescription description;
        try {
            description = codec.specFromJson(text(node));
        } catch (MalformedRecordException e) {
            rejections.record(RejectionReason.MALFORMED_SPEC);
            boolean hasGood = description(app).isPresent();
            jobs.compute(app, this::known);
            LOG.warn("Skipping spec at {} (version {}): {}; {}", node.getPath(), node.getStat().getVersion(),
                    e.getMessage(), hasGood ? "keeping the previous good spec" : "the job has no description yet");
            return;
        }
        jobs.compute(app, (id, state) -> known(id, state).withDescription(description));
        notifyListeners();
    }

    private void onProgress(String app, ChildData node) {
        List<ProgressSample> batch;
        try {
            batch = codec.progressBatchFromJson(text(node));
        } catch (MalformedRecordException e) {
            reject(app, node, RejectionReason.MALFORMED_PROGRESS, e.getMessage());
            return;
        }
        BatchIntake[] intake = new BatchIntake[1];
        jobs.compute(app, (id, state) -> {
            intake[0] = BatchIntake.of(known(id, state), batch, maxSamplesPerJob);
            return intake[0].state();
        });
        if (intake[0].accepted() > 0) {
            acceptedSamples.addAndGet(intake[0].accepted());
            notifyListeners();
        }
        for (BatchIntake.Rejected refused : intake[0].rejected()) {
            reject(app, node, refused.reason(), refused.detail());
        }
    }

    private void reject(String app, ChildData node, RejectionReason reason, String detail) {
        rejections.record(reason);
        boolean[] first = new boolean[1];
        jobs.compute(app, (id, state) -> {
            JobState current = known(id, state);
            first[0] = !current.reported().contains(reason);
            return first[0] ? current.withReported(reason) : current;
        });
        if (first[0]) {
            LOG.warn("Skipping progress at {} (version {}), {}: {}; keeping the previous samples"
                    + " (further {} records of this job are logged at DEBUG)", node.getPath(),
                    node.getStat().getVersion(), reason, detail, reason);
        } else {
            LOG.debug("Skipping progress at {} (version {}), {}: {}", node.getPath(), node.getStat().getVersion(),
                    reason, detail);
        }
    }

    private static String text(ChildData node) {
        byte[] data = node.getData();
        return data == null ? null : new String(data, StandardCharsets.UTF_8);
    }

    private void notifyListeners() {
        for (Runnable listener : listeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.warn("A job-record change listener failed", e);
            }
        }
    }
}
