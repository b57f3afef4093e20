package io.yarndl.it.deploy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Follows the workers each DL job holds, as the scheduler's REST API reports them
 * ({@code GET /ws/v1/cluster/dl/jobs}, once a second), into one history per job that spans
 * ResourceManager restarts: the sizes it held, in order, each once per change, zeros left out.
 */
final class SizeWatcher implements AutoCloseable {

    private final Map<String, List<Integer>> sizes = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dl-size-watcher");
        t.setDaemon(true);
        return t;
    });

    private SizeWatcher(RmRest rest) {
        poller.scheduleWithFixedDelay(() -> rest.dlWorkers().forEach(this::record), 0, 1, TimeUnit.SECONDS);
    }

    static SizeWatcher start(RmRest rest) {
        return new SizeWatcher(rest);
    }

    private void record(String job, int workers) {
        if (workers == 0) {
            return;
        }
        List<Integer> history = sizes.computeIfAbsent(job, j -> new ArrayList<>());
        synchronized (history) {
            if (history.isEmpty() || history.get(history.size() - 1) != workers) {
                history.add(workers);
            }
        }
    }

    /** The sizes {@code job} held so far, in order. */
    List<Integer> sizes(String job) {
        List<Integer> history = sizes.getOrDefault(job, List.of());
        synchronized (history) {
            return List.copyOf(history);
        }
    }

    /** Waits until {@code job}'s history satisfies {@code condition}; returns it. */
    List<Integer> await(String job, Predicate<List<Integer>> condition, String what, Duration timeout)
            throws InterruptedException {
        HadoopProcesses.await(job + " " + what + " (sizes so far " + sizes(job) + ")", timeout,
                () -> condition.test(sizes(job)));
        return sizes(job);
    }

    /** Whether {@code sizes} holds {@code from} and, later, {@code to}. */
    static boolean changed(List<Integer> sizes, int from, int to) {
        int at = sizes.indexOf(from);
        return at >= 0 && sizes.subList(at + 1, sizes.size()).contains(to);
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
