package io.yarndl.core.goodput;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * How many nodes each job's workers spanned at each worker count it held, per GPU type, read from
 * the containers it holds in each round's snapshot. A progress sample says how many workers it ran
 * with and on which type, not how many nodes they spanned; a goodput model fitted to it needs the
 * span (Pollux's throughput model, OSDI'21 section 3.2, prices synchronisation within a node and
 * across nodes differently). Labelling the samples of a count the job held with the span it
 * actually had, remembered after it moves on, keeps each count's label, and so the fitted model,
 * the same from round to round; a count it never held is labelled with the fewest nodes that hold
 * it, where packing puts it. Not thread-safe; one round at a time.
 */
public final class HeldSpans {

    private record Key(String job, String gpuType, int workers) {
    }

    private final Map<Key, Integer> spans = new HashMap<>();

    /** Remembers the span of what {@code job} holds now on {@code gpuType} (null while it holds none). */
    public void record(JobView job, String gpuType) {
        int workers = job.allocation().workers();
        if (gpuType == null || workers == 0) {
            return;
        }
        spans.put(new Key(job.id(), gpuType, workers), spanned(job));
    }

    /**
     * The nodes {@code job}'s samples at {@code workers} on {@code gpuType} spanned: the span it had
     * when it last held that count there, else the fewest nodes of {@code workersPerNode} that hold it.
     */
    public int nodes(JobView job, String gpuType, int workers, int workersPerNode) {
        Integer held = spans.get(new Key(job.id(), gpuType, workers));
        int nodes = held != null ? held : MeasuredConfigurations.fewestNodes(workers, workersPerNode);
        return Math.min(nodes, workers);
    }

    /** Forgets the jobs not in {@code live}. */
    public void retainOnly(Set<String> live) {
        spans.keySet().removeIf(key -> !live.contains(key.job()));
    }

    /** The nodes holding at least one of the job's workers (a parameter server's own node does not count). */
    private static int spanned(JobView job) {
        int nodes = 0;
        for (TaskCount count : job.allocation().byNode().values()) {
            if (count.workers() > 0) {
                nodes++;
            }
        }
        return Math.max(1, nodes);
    }
}
