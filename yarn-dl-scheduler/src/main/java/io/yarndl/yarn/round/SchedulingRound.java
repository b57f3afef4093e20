package io.yarndl.yarn.round;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.InvalidPlanException;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.yarn.metrics.RoundMetrics;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * One scheduling round: snapshot the nodes (read with the jobs' containers, {@link NodeReading}), turn the gathered jobs into the views a policy sees,
 * ask the policy, check the plan against the snapshot ({@link PlanValidator}, the simulator's check
 * too) and put it in force. Whatever goes wrong is
 * logged and counted and the last good plan stays in force: a round never throws.
 */
public final class SchedulingRound {

    private static final Logger LOG = LoggerFactory.getLogger(SchedulingRound.class);

    private final ClusterSnapshotBuilder snapshots = new ClusterSnapshotBuilder();
    private final PolicyRunner policy;
    private final PlanBook book;
    private final RoundMetrics metrics;

    /** A round recording into a registry of its own (tests, benchmarks). */
    public SchedulingRound(PolicyRunner policy, PlanBook book) {
        this(policy, book, new SchedulerMetrics().rounds());
    }

    public SchedulingRound(PolicyRunner policy, PlanBook book, RoundMetrics metrics) {
        this.policy = policy;
        this.book = book;
        this.metrics = metrics;
    }

    /** Runs a round that no queue limits (tests); the plan it put in force, or empty when the last good plan stays. */
    public Optional<Plan> run(double nowSec, Collection<NodeReading> nodes, List<DlJobState> jobs) {
        return run(nowSec, nodes, jobs, Map.of());
    }

    /**
     * Runs a round; the plan it put in force, or empty when the last good plan stays.
     *
     * @param queueRooms what each DL queue's jobs may hold ({@link QueueRooms}), in the order queues are planned
     */
    public Optional<Plan> run(double nowSec, Collection<NodeReading> nodes, List<DlJobState> jobs,
                              Map<String, Resources> queueRooms) {
        long start = System.nanoTime();
        long cpuStart = ThreadCpu.now();
        try {
            recordHoldings(jobs);
            ClusterSnapshot snapshot = snapshots.build(nowSec, nodes, jobs, queueRooms);
            List<JobView> views = new ArrayList<>(jobs.size());
            for (DlJobState job : jobs) {
                views.add(job.toView());
            }
            views.sort(JobView.BY_ARRIVAL);
            Plan plan = policy.plan(snapshot, views);
            PlanValidator.check(plan, snapshot, views.stream().map(JobView::spec).toList());
            long nanos = System.nanoTime() - start;
            metrics.resized(book.current(), plan);
            book.record(plan, nanos);
            long roundCpu = ThreadCpu.since(cpuStart);
            long policyCpu = policy.lastPlanCpuNanos();
            metrics.planned(nanos, roundCpu < 0 || policyCpu < 0 ? -1 : roundCpu + policyCpu);
            return Optional.of(plan);
        } catch (PolicyFellBackException fellBack) {
            book.recordTimeout();
            metrics.timedOut();
            metrics.fellBack();
            LOG.warn("{}; the last good plan stays in force this round. An admin can switch back with"
                    + " PUT /ws/v1/cluster/dl/policy; a restarted RM runs the configured policy", fellBack.getMessage());
        } catch (TimeoutException overran) {
            book.recordTimeout();
            metrics.timedOut();
            LOG.error("policy {} did not decide within its timeout; the last good plan stays in force",
                    policy.policyName());
        } catch (ExecutionException failed) {
            book.recordFailure();
            metrics.failed();
            LOG.error("policy {} failed; the last good plan stays in force", policy.policyName(), failed.getCause());
        } catch (InvalidPlanException invalid) {
            book.recordInvalid();
            metrics.invalidPlan();
            LOG.error("{}; the plan is refused and the last good plan stays in force", invalid.getMessage());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException bad) {
            book.recordFailure();
            metrics.failed();
            LOG.error("scheduling round failed; the last good plan stays in force", bad);
        } finally {
            metrics.abandonedThreads(policy.abandonedThreads());
        }
        return Optional.empty();
    }

    private void recordHoldings(List<DlJobState> jobs) {
        int running = 0;
        long gpus = 0;
        for (DlJobState job : jobs) {
            running += job.tasks().isEmpty() ? 0 : 1;
            for (HeldTask task : job.tasks()) {
                gpus += task.resources().gpus();
            }
        }
        metrics.held(jobs.size(), running, gpus);
    }
}
