package io.yarndl.sim.engine;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.interference.MeasuredInterference;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A discrete-event simulator that drives the very {@link SchedulingPolicy} objects the YARN
 * scheduler runs, in rounds, as Optimus and DL2 evaluate theirs.
 *
 * <p>Every {@link SimConfig#intervalSec()} of simulated time the jobs that have arrived are shown
 * to the policy as {@link JobView}s (spec, allocation and noisy progress samples, never the ground
 * truth) and its {@link Plan} is checked ({@link PlanValidator}) and applied. A job whose
 * allocation changed makes no progress while it restarts ({@link SimConfig#restartSeconds}: the
 * flat {@link SimConfig#resizeOverheadSec()}, or its application's measured restart time, which
 * may outlast the round, and its view's {@code restarts} says what each cost); then it trains
 * at its true speed for its allocation, placement and GPU type until the next round or until it
 * has done its required steps; what of its placement that speed sees beyond the count of nodes
 * (exact layouts, racks, neighbours) is the run's {@link PlacementTruth}, applied once every job of
 * the round has its allocation ({@link PlacementEffects}). A job's GPU tasks share one GPU type (the validator refuses a plan
 * that mixes them), so the type of its allocation is the type of any node its GPU tasks sit on;
 * its progress samples say which type they were measured on. As in Gavel's scheduler, which never
 * runs a job on a GPU type where its measured throughput is 0, a job placed where its true speed is
 * 0 does not start: it holds nothing that round and waits for the next plan. Jobs arriving between rounds wait for the next round, as in a cluster that
 * re-plans on a timer. Idle gaps with no job in the system are skipped.
 *
 * <p>The trace is consumed lazily and finished jobs are handed to the caller and forgotten, so
 * memory holds the jobs in the system plus 8 bytes per finished job for the JCT statistics.
 */
public final class Simulator {

    /**
     * A policy under which no job trains for this many rounds in a row is reported, not waited on:
     * it runs nothing while jobs wait, or places them only where they cannot train (Gavel measured
     * some at 0 steps/s on K80s).
     */
    private static final int MAX_IDLE_ROUNDS = 10_000;

    private final ClusterSpec cluster;
    private final SimConfig config;
    private final PlacementTruth truth;

    /** A simulator whose ground truth sees only how many nodes a job spans ({@link PlacementTruth#NODES_ONLY}). */
    public Simulator(ClusterSpec cluster, SimConfig config) {
        this(cluster, config, PlacementTruth.NODES_ONLY);
    }

    /** A simulator whose ground truth of placement is {@code truth}. */
    public Simulator(ClusterSpec cluster, SimConfig config, PlacementTruth truth) {
        this.cluster = cluster;
        this.config = config;
        this.truth = truth;
    }

    /**
     * Replays {@code trace} (sorted by arrival) under {@code policy}; every finished job goes to
     * {@code outcomes} as it finishes.
     *
     * @throws IllegalArgumentException if the trace is not sorted or a job cannot fit the cluster
     * @throws IllegalStateException    if the policy makes an impossible plan or starves every job
     */
    public SimulationResult run(SchedulingPolicy policy, Iterator<TraceJob> trace, Consumer<JobOutcome> outcomes) {
        return run(policy, trace, outcomes, RoundListener.NONE);
    }

    /**
     * As {@link #run(SchedulingPolicy, Iterator, Consumer)}, telling {@code listener} about every round
     * as it ends. When the listener asks to stop, the run ends there: the result covers the jobs
     * finished so far (its averages are over those; NaN when none finished), and jobs still in the
     * system or not yet arrived are dropped.
     */
    public SimulationResult run(SchedulingPolicy policy, Iterator<TraceJob> trace, Consumer<JobOutcome> outcomes,
                                RoundListener listener) {
        long wallStart = System.nanoTime();
        IsolatedJct isolated = new IsolatedJct(cluster, config);
        JctStatistics jcts = new JctStatistics();
        ClusterSnapshot emptyCluster = cluster.snapshot(0);
        Map<String, String> gpuTypeByNode = new HashMap<>();
        emptyCluster.nodes().forEach(node -> gpuTypeByNode.put(node.id(), node.acceleratorType()));
        PlacementEffects effects = truth.placementMatters()
                ? new PlacementEffects(truth, emptyCluster.nodes(), MeasuredInterference.shipped()) : null;
        List<SimulatedJob> active = new ArrayList<>();
        TraceJob pending = trace.hasNext() ? trace.next() : null;
        double firstArrival = pending == null ? 0 : pending.arrivalSec();
        double now = firstArrival;
        double lastArrival = firstArrival;
        double lastFinish = firstArrival;
        double gpuSeconds = 0;
        long resizes = 0;
        long rounds = 0;
        double planNanos = 0;
        double maxPlanNanos = 0;
        int idleRounds = 0;
        boolean stopped = false;

        while (!stopped && (pending != null || !active.isEmpty())) {
            if (active.isEmpty() && pending.arrivalSec() > now) {
                now = pending.arrivalSec();
            }
            while (pending != null && pending.arrivalSec() <= now) {
                if (pending.arrivalSec() < lastArrival) {
                    throw new IllegalArgumentException("trace is not sorted by arrival: job " + pending.id()
                            + " arrives at " + pending.arrivalSec() + " s, after a job at " + lastArrival + " s");
                }
                lastArrival = pending.arrivalSec();
                SimulatedJob job = new SimulatedJob(pending, config, truth);
                requireFits(job.spec());
                // Fails here, not when the job ends, if its ground truth lacks the cluster's GPU types.
                isolated.requireRunnable(pending);
                active.add(job);
                pending = trace.hasNext() ? trace.next() : null;
            }

            ClusterSnapshot snapshot = new ClusterSnapshot(now, emptyCluster.nodes());
            List<JobView> views = new ArrayList<>(active.size());
            List<JobSpec> specs = new ArrayList<>(active.size());
            for (SimulatedJob job : active) {
                views.add(job.view());
                specs.add(job.spec());
            }
            long planStart = System.nanoTime();
            Plan plan = policy.plan(snapshot, List.copyOf(views));
            double elapsed = System.nanoTime() - planStart;
            planNanos += elapsed;
            maxPlanNanos = Math.max(maxPlanNanos, elapsed);
            rounds++;
            PlanValidator.check(plan, snapshot, specs, PlanValidator.GpuSharing.ALLOWED);
            Map<String, SimulatedJob> partners = partners(plan, active);

            double roundEnd = now + config.intervalSec();
            boolean anyRunning = false;
            SimulatedJob refused = null;
            String refusedOn = null;
            double reward = 0;
            for (SimulatedJob job : active) {
                JobPlan decision = plan.target(job.spec().id());
                Allocation next = decision.placement();
                String gpuType = gpuTypeOf(next, job.spec(), gpuTypeByNode);
                SimulatedJob partner = partners.get(job.spec().id());
                if (!next.isEmpty() && speedSharing(policy, job, next, gpuType, partner) <= 0) {
                    if (refused == null) {
                        refused = job;
                        refusedOn = gpuType;
                    }
                    next = Allocation.NONE;
                }
                int before = job.resizes();
                job.reallocate(next, gpuType, now, partner, decision.sharesGpus());
                resizes += job.resizes() - before;
            }
            if (effects != null) {
                effects.apply(active);
            }
            for (Iterator<SimulatedJob> it = active.iterator(); it.hasNext(); ) {
                SimulatedJob job = it.next();
                if (job.allocation().isEmpty()) {
                    continue;
                }
                anyRunning = true;
                double doneBefore = job.fractionDone();
                double finish = job.train(now, roundEnd);
                reward += job.fractionDone() - doneBefore;
                if (!Double.isNaN(finish)) {
                    it.remove();
                    gpuSeconds += job.gpuSeconds();
                    lastFinish = Math.max(lastFinish, finish);
                    JobOutcome outcome = outcomeOf(job, finish, isolated);
                    jcts.add(outcome.jctSec());
                    outcomes.accept(outcome);
                }
            }
            idleRounds = anyRunning ? 0 : idleRounds + 1;
            if (idleRounds > MAX_IDLE_ROUNDS && refused != null) {
                throw new IllegalStateException("policy " + policy.name() + " ran no job for " + MAX_IDLE_ROUNDS
                        + " rounds: it keeps placing job " + refused.spec().id() + " (" + refused.traceJob().type().name()
                        + ") on " + refusedOn + " GPUs, where its true speed is 0, so it never starts");
            }
            if (idleRounds > MAX_IDLE_ROUNDS) {
                throw new IllegalStateException("policy " + policy.name() + " ran no job for " + MAX_IDLE_ROUNDS
                        + " rounds while " + active.size() + " jobs waited (first: " + active.get(0).spec().id() + ")");
            }
            stopped = !listener.roundEnded((int) (rounds - 1), now, reward);
            now = roundEnd;
        }

        double makespan = lastFinish - firstArrival;
        Resources total = cluster.total();
        double utilisation = makespan > 0 && total.gpus() > 0 ? gpuSeconds / (total.gpus() * makespan) : 0;
        return new SimulationResult(policy.name(), jcts.count(), jcts.mean(), jcts.percentile(50),
                jcts.percentile(95), makespan, utilisation, resizes, isolated.mean(), rounds,
                rounds == 0 ? 0 : planNanos / rounds / 1e6, maxPlanNanos / 1e6,
                (System.nanoTime() - wallStart) / 1e9);
    }

    /** The job's true speed at next, naming both jobs and the policy where the pair's speed is unknown. */
    private static double speedSharing(SchedulingPolicy policy, SimulatedJob job, Allocation next, String gpuType, SimulatedJob partner) {
        try {
            return job.trueSpeed(next, gpuType, partner);
        } catch (IllegalArgumentException e) {
            if (partner == null) {
                throw e;
            }
            throw new IllegalArgumentException("policy " + policy.name() + " put job " + job.spec().id()
                    + " sharing GPUs with job " + partner.spec().id() + ", which the ground truth cannot simulate: "
                    + e.getMessage(), e);
        }
    }

    /** For each job the plan puts on shared GPUs, the job it shares them with (guest and host alike). */
    private static Map<String, SimulatedJob> partners(Plan plan, List<SimulatedJob> active) {
        Map<String, SimulatedJob> byId = new HashMap<>();
        for (SimulatedJob job : active) {
            byId.put(job.spec().id(), job);
        }
        Map<String, SimulatedJob> partners = new HashMap<>();
        for (JobPlan decision : plan.jobs().values()) {
            if (decision.sharesGpus()) {
                partners.put(decision.jobId(), byId.get(decision.sharesGpusOf()));
                partners.put(decision.sharesGpusOf(), byId.get(decision.jobId()));
            }
        }
        return partners;
    }

    private JobOutcome outcomeOf(SimulatedJob job, double finish, IsolatedJct isolated) {
        TraceJob trace = job.traceJob();
        return new JobOutcome(trace.id(), trace.type().name(), trace.user(), trace.arrivalSec(), job.startSec(),
                finish, isolated.of(trace), job.resizes(), trace.requiredSteps(), job.stepsDone(), job.gpuSeconds());
    }

    private void requireFits(JobSpec spec) {
        Resources minimum = spec.minimumDemand();
        if (!minimum.fitsIn(cluster.total())) {
            throw new IllegalArgumentException("job " + spec.id() + " needs at least " + minimum
                    + " but the whole cluster has " + cluster.total());
        }
        if (minimum.gpus() > 0 && cluster.gpuTypes().stream().noneMatch(t -> minimum.fitsIn(cluster.totalOf(t)))) {
            throw new IllegalArgumentException("job " + spec.id() + " needs at least " + minimum
                    + " on one GPU type, but no type has that much: " + cluster.describe());
        }
    }

    /**
     * The GPU type {@code allocation} runs on: that of the nodes its GPU tasks sit on (one type, as
     * the validator checked), or of its first node when none of its tasks uses a GPU.
     */
    static String gpuTypeOf(Allocation allocation, JobSpec spec, Map<String, String> gpuTypeByNode) {
        String first = null;
        for (Map.Entry<String, TaskCount> entry : allocation.byNode().entrySet()) {
            String type = gpuTypeByNode.getOrDefault(entry.getKey(), Node.UNKNOWN_GPU_TYPE);
            if (spec.demandOf(entry.getValue()).gpus() > 0) {
                return type;
            }
            first = first == null ? type : first;
        }
        return first == null ? Node.UNKNOWN_GPU_TYPE : first;
    }
}
