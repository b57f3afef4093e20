package io.yarndl.yarn.round;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.PerQueuePolicy;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.yarn.config.PolicyGuard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the policy on its own thread with a deadline, so a policy that hangs or loops cannot stall
 * scheduling rounds. A policy that overruns is abandoned together with its thread and its instance
 * (its memoised state may be half-updated) and a fresh instance serves the next round; after
 * {@link PolicyGuard#overrunLimit()} overruns in a row the guard's fallback policy takes over
 * ({@link PolicyFellBackException}), so a policy that overruns every round does not leave a thread
 * behind every round.
 *
 * <p>The policy's name, its instance and the thread it runs on change together, in one atomic
 * {@link Slot}: what {@link #policyName()} reports is the policy the next round runs, and an
 * admin's {@link #switchTo(String)} during an overrun lands on the live thread, never on the one
 * being abandoned. Changes are serialised on this object; a round reads the slot once.
 *
 * <p>{@link #renew()} replaces the instance (not the thread) on purpose, when what the policy is
 * built from has changed. {@link #switchTo(String)} puts another policy of the registry in place
 * at run time; it lasts until the RM restarts.
 *
 * <p>Every instance is wrapped in a {@link PerQueuePolicy}: where the snapshot gives DL queues their
 * rooms, each queue's room is divided among its own jobs.
 *
 * <p>A {@link LearningPolicy}'s state is saved after every good round, on the policy's own thread,
 * so the copy the checkpoint stores is always one the policy planned with. A fresh instance of the
 * same policy, after an overrun or an RM restart, is given that state back instead of learning
 * every job again.
 */
public final class PolicyRunner implements AutoCloseable {

    /** What plans now: the policy's name, its instance, the thread it runs on, its overruns in a row. */
    private record Slot(String name, SchedulingPolicy policy, ExecutorService executor, int overruns) {
    }

    private final PolicyRegistry registry;
    private final PolicyGuard guard;
    private final AtomicReference<Slot> slot;
    private volatile PolicyState lastState;
    private volatile long lastPlanCpuNanos = -1;
    private final List<ExecutorService> abandoned = new ArrayList<>();

    /** A runner that abandons overrunning rounds and never falls back (tests, benchmarks). */
    public PolicyRunner(PolicyRegistry registry, String policyName, Duration timeout) {
        this(registry, policyName, PolicyGuard.timeoutOnly(timeout));
    }

    public PolicyRunner(PolicyRegistry registry, String policyName, PolicyGuard guard) {
        this.registry = registry;
        this.guard = guard;
        this.slot = new AtomicReference<>(new Slot(policyName, perQueue(registry, policyName), newExecutor(), 0));
    }

    /** The policy the next round runs. */
    public String policyName() {
        return slot.get().name();
    }

    /** What the policy had learned after its last good round (or was restored with); empty for a policy that learns nothing. */
    public Optional<PolicyState> lastState() {
        return Optional.ofNullable(lastState);
    }

    /**
     * The policy's plan.
     *
     * @throws PolicyFellBackException when it overran once too often in a row (the fallback now runs)
     * @throws TimeoutException   when it took longer than the timeout (it has been abandoned)
     * @throws ExecutionException when it threw (the cause is what it threw)
     */
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs)
            throws TimeoutException, ExecutionException, InterruptedException {
        Slot current = slot.get();
        // This call's own CPU figure: an abandoned overrun that ends later writes only its own.
        long[] cpuNanos = {-1};
        Future<Plan> result = current.executor().submit(() -> {
            long cpuStart = ThreadCpu.now();
            Plan plan = current.policy().plan(snapshot, jobs);
            if (current.policy() instanceof LearningPolicy learning) {
                keepState(current.policy(), learning.saveState());
            }
            cpuNanos[0] = ThreadCpu.since(cpuStart);
            return plan;
        });
        try {
            Plan plan = result.get(guard.timeout().toMillis(), TimeUnit.MILLISECONDS);
            lastPlanCpuNanos = cpuNanos[0];
            if (current.overruns() > 0) {
                slot.compareAndSet(current, new Slot(current.name(), current.policy(), current.executor(), 0));
            }
            return plan;
        } catch (TimeoutException overran) {
            result.cancel(true);
            abandon(current);
            throw overran;
        }
    }

    /**
     * CPU nanoseconds the policy's thread spent on the last {@link #plan} that returned a plan
     * (planning and saving what it learned), or -1 where the JVM does not measure thread CPU time.
     */
    public long lastPlanCpuNanos() {
        return lastPlanCpuNanos;
    }

    /**
     * The policy's inputs changed (an operator replaced DL2's model file, say): a new instance is
     * built from the registry, which reads them again, and plans from the next round on. As after
     * an overrun, what the old instance learned is given to the new one. A round already submitted
     * finishes with the old instance.
     */
    public synchronized void renew() {
        Slot now = slot.get();
        slot.set(fresh(now.name(), now.executor(), now.overruns()));
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
        registry.create(name);
        Slot now = slot.get();
        String next = name.trim();
        if (lastState != null && !lastState.policy().equals(next)) {
            lastState = null;
        }
        slot.set(fresh(next, now.executor(), 0));
        return now.name();
    }

    /**
     * Gives the policy what an earlier instance learned.
     *
     * @return the jobs whose entries could not be used (they are learned again from their samples)
     * @throws IllegalArgumentException when the state belongs to another policy, or this policy learns nothing
     */
    public Set<String> restore(PolicyState state) throws ExecutionException, InterruptedException, TimeoutException {
        Slot now = slot.get();
        if (!(now.policy() instanceof LearningPolicy learning)) {
            throw new IllegalArgumentException("policy " + now.name() + " keeps no learned state; the checkpoint's "
                    + state.policy() + " state is not used");
        }
        if (!now.name().equals(state.policy())) {
            throw new IllegalArgumentException("the checkpoint holds the state of policy " + state.policy()
                    + ", the scheduler now runs " + now.name() + "; it is not used");
        }
        long timeout = guard.timeout().toMillis();
        Set<String> dropped = now.executor().submit(() -> learning.restoreState(state))
                .get(timeout, TimeUnit.MILLISECONDS);
        PolicyState saved = now.executor().submit(learning::saveState).get(timeout, TimeUnit.MILLISECONDS);
        keepState(now.policy(), saved);
        return dropped;
    }

    /** Policy threads left behind by overruns that are still running (stuck in a policy). */
    public synchronized int abandonedThreads() {
        abandoned.removeIf(ExecutorService::isTerminated);
        return abandoned.size();
    }

    @Override
    public synchronized void close() {
        slot.get().executor().shutdownNow();
    }

    /** Keeps {@code state} as the last learned one, unless {@code saver} no longer plans. */
    private synchronized void keepState(SchedulingPolicy saver, PolicyState state) {
        // An abandoned or switched-away instance that finishes late must not overwrite what its replacement knows.
        if (slot.get().policy() == saver) {
            lastState = state;
        }
    }

    /**
     * Leaves the thread {@code overran} ran on behind. The live slot keeps its policy name (an
     * admin may have switched while the round ran) on a new thread, with a fresh instance, or with
     * the fallback once the same policy has overrun the limit in a row.
     */
    private synchronized void abandon(Slot overran) throws PolicyFellBackException {
        Slot now = slot.get();
        if (now.executor() != overran.executor()) {
            return;
        }
        overran.executor().shutdownNow();
        abandoned.add(overran.executor());
        boolean sameRun = now.policy() == overran.policy();
        int overruns = sameRun ? now.overruns() + 1 : 0;
        if (sameRun && guard.overrunLimit() > 0 && overruns >= guard.overrunLimit()
                && !now.name().equals(guard.fallback())) {
            if (lastState != null && !lastState.policy().equals(guard.fallback())) {
                lastState = null;
            }
            slot.set(fresh(guard.fallback(), newExecutor(), 0));
            throw new PolicyFellBackException(now.name(), overruns, guard.fallback());
        }
        slot.set(fresh(now.name(), newExecutor(), overruns));
    }

    /** A new instance of {@code name} on {@code executor}, given what this policy learned last. */
    private Slot fresh(String name, ExecutorService executor, int overruns) {
        SchedulingPolicy policy = perQueue(registry, name);
        PolicyState known = lastState;
        if (known != null && known.policy().equals(name) && policy instanceof LearningPolicy learning) {
            executor.submit(() -> learning.restoreState(known));
        }
        return new Slot(name, policy, executor, overruns);
    }

    /** Policy {@code name} run once per DL queue on that queue's room ({@link PerQueuePolicy}). */
    private static SchedulingPolicy perQueue(PolicyRegistry registry, String name) {
        return PerQueuePolicy.of(() -> registry.create(name));
    }

    private static ExecutorService newExecutor() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "yarn-dl-policy");
            thread.setDaemon(true);
            return thread;
        });
    }
}
