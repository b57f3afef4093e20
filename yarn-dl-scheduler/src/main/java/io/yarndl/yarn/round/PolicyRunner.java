package io.yarndl.yarn.round;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.policy.SchedulingPolicy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the configured policy on its own thread with a deadline, so a policy that hangs or loops
 * cannot stall scheduling rounds. A policy that overruns is abandoned together with its thread and
 * its instance (its memoised state may be half-updated) and a fresh instance serves the next round.
 *
 * <p>{@link #renew()} replaces the instance (not the thread) on purpose, when what the policy is
 * built from has changed.
 *
 * <p>{@link #switchTo(String)} puts another policy of the registry in place at run time (an
 * admin's request through the RM's REST API). It lasts until the RM restarts: the configured
 * policy is the one a restarted scheduler runs.
 *
 * <p>A {@link LearningPolicy}'s state is saved after every good round, on the policy's own thread,
 * so the copy the checkpoint stores is always one the policy planned with. A fresh instance, after
 * an overrun or an RM restart, is given that state back instead of learning every job again.
 */
public final class PolicyRunner implements AutoCloseable {

    private final PolicyRegistry registry;
    private volatile String policyName;
    private final Duration timeout;
    private volatile SchedulingPolicy policy;
    private ExecutorService executor;
    private volatile PolicyState lastState;

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

    /** What the policy had learned after its last good round (or was restored with); empty for a policy that learns nothing. */
    public Optional<PolicyState> lastState() {
        return Optional.ofNullable(lastState);
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
        Future<Plan> result = executor.submit(() -> {
            Plan plan = running.plan(snapshot, jobs);
            // An abandoned instance that finishes late must not overwrite what its replacement knows.
            if (running instanceof LearningPolicy learning && policy == running) {
                lastState = learning.saveState();
            }
            return plan;
        });
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException overran) {
            result.cancel(true);
            executor.shutdownNow();
            executor = newExecutor();
            replaceInstance();
            throw overran;
        }
    }

    /**
     * The policy's inputs changed (an operator replaced DL2's model file, say): a new instance is
     * built from the registry, which reads them again, and plans from the next round on. As after
     * an overrun, what the old instance learned is given to the new one. Call it between rounds,
     * from the thread that calls {@link #plan}; a round already submitted finishes with the old
     * instance.
     */
    public void renew() {
        replaceInstance();
    }

    /** The names {@link #switchTo(String)} accepts, sorted. */
    public Set<String> knownPolicies() {
        return registry.names();
    }

    /**
     * Runs policy {@code name} from the next round on; a round already submitted finishes with the
     * old one. What the old policy learned goes to the new one only when it is the same policy
     * (another policy's fitted models mean nothing to it, and the checkpoint must not carry them
     * under the new name).
     *
     * @return the name of the policy it replaced
     * @throws io.yarndl.core.policy.UnknownPolicyException for a name the registry does not know; nothing changes then
     */
    public synchronized String switchTo(String name) {
        SchedulingPolicy fresh = registry.create(name);
        String previous = policyName;
        policyName = name.trim();
        PolicyState known = lastState;
        if (known != null && known.policy().equals(policyName) && fresh instanceof LearningPolicy learning) {
            executor.submit(() -> learning.restoreState(known));
        } else {
            lastState = null;
        }
        policy = fresh;
        return previous;
    }

    /**
     * Gives the policy what an earlier instance learned.
     *
     * @return the jobs whose entries could not be used (they are learned again from their samples)
     * @throws IllegalArgumentException when the state belongs to another policy, or this policy learns nothing
     */
    public Set<String> restore(PolicyState state) throws ExecutionException, InterruptedException, TimeoutException {
        if (!(policy instanceof LearningPolicy learning)) {
            throw new IllegalArgumentException("policy " + policyName + " keeps no learned state; the checkpoint's "
                    + state.policy() + " state is not used");
        }
        if (!policyName.equals(state.policy())) {
            throw new IllegalArgumentException("the checkpoint holds the state of policy " + state.policy()
                    + ", the scheduler now runs " + policyName + "; it is not used");
        }
        Set<String> dropped = executor.submit(() -> learning.restoreState(state))
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        lastState = executor.submit(learning::saveState).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return dropped;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    /** A fresh instance in place of the current one, given what the old one learned (on the policy's thread). */
    private synchronized void replaceInstance() {
        SchedulingPolicy fresh = registry.create(policyName);
        policy = fresh;
        PolicyState known = lastState;
        if (known != null && fresh instanceof LearningPolicy learning) {
            executor.submit(() -> learning.restoreState(known));
        }
    }

    private static ExecutorService newExecutor() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "yarn-dl-policy");
            thread.setDaemon(true);
            return thread;
        });
    }
}
