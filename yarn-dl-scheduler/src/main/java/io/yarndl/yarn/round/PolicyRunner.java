package io.yarndl.yarn.round;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the configured policy on its own thread with a deadline, so a policy that hangs or loops
 * cannot stall scheduling rounds. A policy that overruns is abandoned together with its thread and
 * its instance (its memoised state may be half-updated) and a fresh instance serves the next round:
 * Optimus, say, then refits its models from the samples.
 */
public final class PolicyRunner implements AutoCloseable {

    private final PolicyRegistry registry;
    private final String policyName;
    private final Duration timeout;
    private SchedulingPolicy policy;
    private ExecutorService executor;

    public PolicyRunner(PolicyRegistry registry, String policyName, Duration timeout) {
        this.registry = registry;
        this.policyName = policyName;
        this.timeout = timeout;
        this.policy = registry.create(policyName);
        this.executor = newExecutor();
    }

    public String policyName() {
        return policyName;
    }

    /**
     * The policy's plan.
     *
     * @throws TimeoutException   when it took longer than the timeout (it has been abandoned)
     * @throws ExecutionException when it threw (the cause is what it threw)
     */
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs)
            throws TimeoutException, ExecutionException, InterruptedException {
        SchedulingPolicy running = policy;
        Future<Plan> result = executor.submit(() -> running.plan(snapshot, jobs));
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException overran) {
            result.cancel(true);
            executor.shutdownNow();
            executor = newExecutor();
            policy = registry.create(policyName);
            throw overran;
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    private static ExecutorService newExecutor() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "yarn-dl-policy");
            thread.setDaemon(true);
            return thread;
        });
    }
}
