package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;

import java.util.concurrent.TimeUnit;

/**
 * The metrics of the scheduling rounds and of what the DL jobs hold, for an operator's dashboards:
 * <ul>
 *   <li>{@value #ROUNDS} (timer): every round that put a plan in force, with the time it took
 *       (count, mean, percentiles in milliseconds), from the snapshot's start to the plan's record.</li>
 *   <li>{@value #ROUNDS_CPU} (timer): the CPU time of those rounds, the round's thread and the
 *       policy's together. Where the RM's host is busy a round waits for a CPU: its wall time then
 *       exceeds its CPU time, and the gap is the host's, not the policy's. Not recorded where the
 *       JVM does not measure thread CPU time.</li>
 *   <li>{@value #FAILED} and {@value #TIMED_OUT} (counters): rounds whose policy failed or overran
 *       its timeout; the last good plan stayed in force.</li>
 *   <li>{@value #FALLBACKS} (counter): times a policy overran its timeout
 *       {@code yarn.dl.scheduler.policy-overrun-limit} rounds in a row and the fallback policy
 *       ({@code policy-overrun-fallback}) took over.</li>
 *   <li>{@value #ABANDONED} (gauge): policy threads left behind by overruns that are still
 *       running; each holds a CPU while its policy loops.</li>
 *   <li>{@value #INVALID} (counter): rounds whose plan the plan check refused (over-committed a node,
 *       a job outside its sizes, a task on a node the snapshot lacks); the last good plan stayed.</li>
 *   <li>{@value #WAITING_FOR_NODES} (counter): rounds after an RM restart or failover that left the
 *       restored plan in force because NodeManagers that held DL containers had not re-registered.</li>
 *   <li>{@value #JOBS}, {@value #RUNNING}, {@value #WAITING} (gauges): DL jobs the last round saw,
 *       those of them holding at least one task container, and those holding none (queued, or
 *       paused by the plan).</li>
 *   <li>{@value #GPUS_HELD} (gauge): GPUs the DL jobs' task containers held at the last round.</li>
 *   <li>{@value #GROWS}, {@value #SHRINKS} (counters): plans that raised or lowered the size
 *       (workers plus parameter servers) of a job the previous plan already ran; a job's first
 *       start is neither.</li>
 * </ul>
 * Written by the round thread, read by JMX.
 */
public final class RoundMetrics {

    public static final String ROUNDS = "rounds";
    public static final String ROUNDS_CPU = "rounds.cpu";
    public static final String FAILED = "rounds.failed";
    public static final String TIMED_OUT = "rounds.timed-out";
    public static final String INVALID = "rounds.invalid-plans";
    public static final String FALLBACKS = "policy.fallbacks";
    public static final String ABANDONED = "policy.abandoned-threads";
    public static final String WAITING_FOR_NODES = "rounds.waiting-for-nodes";
    public static final String JOBS = "jobs.dl";
    public static final String RUNNING = "jobs.running";
    public static final String WAITING = "jobs.waiting";
    public static final String GPUS_HELD = "gpus.held";
    public static final String GROWS = "resizes.grows";
    public static final String SHRINKS = "resizes.shrinks";

    private final Timer rounds;
    private final Timer roundsCpu;
    private final Counter failed;
    private final Counter timedOut;
    private final Counter invalid;
    private final Counter fallbacks;
    private volatile int abandonedThreads;
    private final Counter waitingForNodes;
    private final Counter grows;
    private final Counter shrinks;
    private volatile Holdings holdings = new Holdings(0, 0, 0);

    RoundMetrics(MetricRegistry registry) {
        rounds = registry.timer(ROUNDS);
        roundsCpu = registry.timer(ROUNDS_CPU);
        failed = registry.counter(FAILED);
        timedOut = registry.counter(TIMED_OUT);
        invalid = registry.counter(INVALID);
        fallbacks = registry.counter(FALLBACKS);
        registry.register(ABANDONED, (Gauge<Integer>) () -> abandonedThreads);
        waitingForNodes = registry.counter(WAITING_FOR_NODES);
        grows = registry.counter(GROWS);
        shrinks = registry.counter(SHRINKS);
        registry.register(JOBS, (Gauge<Integer>) () -> holdings.jobs());
        registry.register(RUNNING, (Gauge<Integer>) () -> holdings.running());
        registry.register(WAITING, (Gauge<Integer>) () -> holdings.jobs() - holdings.running());
        registry.register(GPUS_HELD, (Gauge<Long>) () -> holdings.gpus());
    }

    /** A round put a plan in force after {@code nanos}, having used {@code cpuNanos} of CPU (-1: not measured). */
    public void planned(long nanos, long cpuNanos) {
        rounds.update(nanos, TimeUnit.NANOSECONDS);
        if (cpuNanos >= 0) {
            roundsCpu.update(cpuNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Counts the jobs whose size {@code after} changed from {@code before}. */
    public void resized(Plan before, Plan after) {
        for (JobPlan next : after.jobs().values()) {
            JobPlan previous = before.jobs().get(next.jobId());
            if (previous == null || !previous.runs()) {
                continue;
            }
            int change = next.workers() + next.ps() - previous.workers() - previous.ps();
            if (change > 0) {
                grows.inc();
            } else if (change < 0) {
                shrinks.inc();
            }
        }
    }

    public void failed() {
        failed.inc();
    }

    public void timedOut() {
        timedOut.inc();
    }

    public void invalidPlan() {
        invalid.inc();
    }

    public void fellBack() {
        fallbacks.inc();
    }

    /** Policy threads left behind by overruns that still run, as the round saw them last. */
    public void abandonedThreads(int threads) {
        abandonedThreads = threads;
    }

    /** A round kept the restored plan, waiting for NodeManagers to re-register. */
    public void waitedForNodes() {
        waitingForNodes.inc();
    }

    /** What the DL jobs held when the last round looked. */
    public void held(int jobs, int running, long gpus) {
        holdings = new Holdings(jobs, running, gpus);
    }

    private record Holdings(int jobs, int running, long gpus) {
    }
}
