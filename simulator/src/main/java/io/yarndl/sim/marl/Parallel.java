package io.yarndl.sim.marl;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs a command's episodes on a few threads and returns their results in submission order. */
final class Parallel {

    private Parallel() {
    }

    /**
     * Every task's result, in the tasks' order.
     *
     * @throws RuntimeException the first failed task's failure (the others are interrupted)
     */
    static <T> List<T> run(int threads, List<Callable<T>> tasks) throws InterruptedException {
        if (tasks.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, tasks.size())));
        try {
            List<Future<T>> running = new ArrayList<>();
            tasks.forEach(task -> running.add(pool.submit(task)));
            List<T> results = new ArrayList<>();
            for (Future<T> future : running) {
                results.add(future.get());
            }
            return results;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        } finally {
            pool.shutdownNow();
        }
    }
}
