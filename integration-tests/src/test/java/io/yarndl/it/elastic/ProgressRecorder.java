package io.yarndl.it.elastic;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.job.MalformedRecordException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;

/**
 * Every version of one job's progress record in ZooKeeper, as the scheduler's watcher sees them: the
 * samples the ApplicationMaster published, in order.
 */
public final class ProgressRecorder implements AutoCloseable {

    private final CuratorCache cache;
    private final List<ProgressSample> samples = new ArrayList<>();
    private final JobRecordCodec codec = new JobRecordCodec();

    public ProgressRecorder(CuratorFramework curator, String root, String applicationId) {
        cache = CuratorCache.build(curator, root + "/jobs/" + applicationId + "/progress",
                CuratorCache.Options.SINGLE_NODE_CACHE);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, after) -> add(after.getData()))
                .build());
        cache.start();
    }

    private synchronized void add(byte[] data) {
        if (data == null || data.length == 0) {
            return;
        }
        try {
            samples.add(codec.progressFromJson(new String(data, StandardCharsets.UTF_8)));
            notifyAll();
        } catch (MalformedRecordException e) {
            throw new AssertionError("the AM published a malformed progress record: " + e.getMessage(), e);
        }
    }

    public synchronized List<ProgressSample> samples() {
        return List.copyOf(samples);
    }

    /** Waits until the samples so far satisfy {@code condition}. */
    public synchronized List<ProgressSample> await(Duration timeout, Predicate<List<ProgressSample>> condition, String what)
            throws InterruptedException, TimeoutException {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (!condition.test(samples)) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new TimeoutException("waited " + timeout.toSeconds() + " s for " + what + "; world sizes so far "
                        + worldSizes(samples));
            }
            wait(Math.min(left, 500));
        }
        return List.copyOf(samples);
    }

    /** The sequence of distinct consecutive worker counts, e.g. [1, 2, 1]. */
    public static List<Integer> worldSizes(List<ProgressSample> samples) {
        List<Integer> out = new ArrayList<>();
        for (ProgressSample s : samples) {
            if (out.isEmpty() || out.get(out.size() - 1) != s.workers()) {
                out.add(s.workers());
            }
        }
        return out;
    }

    @Override
    public void close() {
        cache.close();
    }
}
