package io.yarndl.core.policy.pollux;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.goodput.GoodputModel;
import io.yarndl.core.goodput.GoodputModels;
import io.yarndl.core.goodput.MeasuredConfigurations;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.TargetPlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Pollux (Qiao et al., "Pollux: Co-adaptive Cluster Scheduling for Goodput-Optimized Deep
 * Learning", OSDI'21): each job's goodput model ({@link io.yarndl.core.goodput}) is fitted to its own
 * samples, and the cluster is divided to maximise the power mean of the jobs' speedups
 * ({@link PowerMean}, p = -1 by default as in the paper), each speedup its goodput at the size
 * given over its goodput at a fair share, with the re-allocation penalty on every change of a
 * running job ({@link RestartPenalty}).
 *
 * <ol>
 *   <li>Per job: its model on the GPU type of its newest sample (Pollux ignores types), or the
 *       optimistic prior before it has one; its options ({@link SizeOptions}): waiting and each
 *       worker count, each with the batch its model chooses.</li>
 *   <li>The choice: one option per job, the sum of {@link PowerMean#cost}s least, within the
 *       pool's GPUs, vcores and memory, and with Pollux's interference avoidance as a fourth
 *       dimension (jobs spanning several nodes together span at most the cluster's nodes, so no two
 *       of them need share one), solved exactly by {@link ChoiceProgram}, where Pollux runs a
 *       genetic algorithm.</li>
 *   <li>Sizes become nodes through {@link TargetPlacement} with the configured strategy (packing by
 *       default); each reason names the speedup, the batch and the fair share.</li>
 * </ol>
 *
 * <p>Jobs whose batch is fixed are planned by throughput alone (their efficiency is 1); so are jobs
 * that report no noise scale, at their reference batch. Parameter-server jobs keep the servers they
 * hold (or request) and are sized by workers, their model fitted as if all-reduce. The batch a job
 * trains at is its own to choose from its model (the plan gives sizes); the reasons say what the
 * policy assumed. Not thread-safe: one round at a time, as both drivers call.
 */
public final class PolluxPolicy implements SchedulingPolicy {

    public static final String NAME = "pollux";

    private final TargetPlacement placement;
    private final PolluxSettings settings;
    private final PowerMean fairness;
    private final RestartPenalty penalty;
    private final ChoiceProgram program;
    private final GoodputModels models = new GoodputModels();

    public PolluxPolicy() {
        this(new PackingPlacement(), PolluxSettings.DEFAULT);
    }

    public PolluxPolicy(PlacementStrategy placement, PolluxSettings settings) {
        this.placement = new TargetPlacement(placement);
        this.settings = settings;
        this.fairness = new PowerMean(settings.fairnessP());
        this.penalty = new RestartPenalty(settings.restartPriorSec(), false);
        this.program = new ChoiceProgram(settings.solverSeconds(), settings.solverMaxOptions());
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The knobs it runs with, as its driver configured them. */
    public PolluxSettings settings() {
        return settings;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        int n = jobs.size();
        GpuPool pool = GpuPool.whole(snapshot);
        Map<String, Node> nodesById = snapshot.nodesById();
        Set<String> live = new HashSet<>();
        SizeOptions[] options = new SizeOptions[n];
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            live.add(job.id());
            String held = GpuPool.typeOf(job.allocation(), nodesById);
            int perNode = pool.workersPerNode(job.spec().workerDemand());
            String type = MeasuredConfigurations.newestType(job.samples(), held != null ? held : Node.UNKNOWN_GPU_TYPE);
            GoodputModel model = models.measured(job, type, held, perNode).orElseGet(() -> models.prior(job));
            double factor = job.isRunning() ? penalty.factor(job, snapshot.timeSec()) : 1.0;
            options[j] = SizeOptions.of(job, model, pool, n, factor);
        }
        models.retainOnly(live);
        int[] chosen = new int[n];
        String summary = n == 0 ? "" : choose(snapshot, pool, jobs, options, chosen);

        List<TaskCount> sizes = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            SizeOptions o = options[j];
            sizes.add(chosen[j] == 0 ? TaskCount.NONE : new TaskCount(o.workers()[chosen[j]], o.ps()));
        }
        List<Allocation> placed = placement.place(snapshot, jobs, sizes);
        List<JobPlan> decisions = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            String reason = reason(options[j], chosen[j], summary);
            if (placed.get(j).isEmpty()) {
                decisions.add(JobPlan.waiting(job.id(), chosen[j] > 0 ? "waiting: no nodes fit its minimum size; "
                        + reason : reason));
            } else {
                TaskCount size = sizes.get(j);
                if (placed.get(j).workers() != size.workers() || placed.get(j).ps() != size.ps()) {
                    reason = "shrunk from " + size.workers() + "w/" + size.ps() + "ps to fit the nodes; " + reason;
                }
                decisions.add(JobPlan.placed(job.id(), placed.get(j), reason));
            }
        }
        return Plan.of(snapshot.timeSec(), NAME, decisions);
    }

    /** Solves the round's program into {@code chosen}; returns how. */
    private String choose(ClusterSnapshot snapshot, GpuPool pool, List<JobView> jobs, SizeOptions[] options,
                          int[] chosen) {
        int n = jobs.size();
        double[][] costs = new double[n][];
        long[][][] demands = new long[n][][];
        for (int j = 0; j < n; j++) {
            SizeOptions o = options[j];
            costs[j] = new double[o.size()];
            for (int k = 1; k < o.size(); k++) {
                costs[j][k] = fairness.cost(o.speedups()[k]);
            }
            demands[j] = o.demands(jobs.get(j).spec());
        }
        Resources room = pool.available();
        long[] capacity = {room.gpus(), room.vcores(), room.memoryMb(), snapshot.nodes().size()};
        ChoiceProgram.Result result = program.solve(capacity, demands, costs, fairness::waitCost);
        System.arraycopy(result.options(), 0, chosen, 0, n);
        return result.summary();
    }

    private String reason(SizeOptions o, int chosen, String summary) {
        String p = String.format(Locale.ROOT, "pollux (p=%s, %s)", formatP(settings.fairnessP()), summary);
        if (o.size() == 1) {
            return p + ": waiting: no size it may take fits the cluster or its batch";
        }
        if (chosen == 0) {
            return p + ": waiting: the power mean of the speedups is higher with its GPUs given to others";
        }
        var batch = o.batches()[chosen];
        return String.format(Locale.ROOT, "%s: speedup %.2f over a fair share of %d at %d workers on %d node%s, batch %d"
                        + " (%d a replica%s), goodput %.1f samples/s%s", p, o.speedups()[chosen], o.fair(),
                o.workers()[chosen], o.nodes()[chosen], o.nodes()[chosen] == 1 ? "" : "s", batch.globalBatch(),
                batch.split().atomic(), batch.split().accumulationSteps() > 0
                        ? " x " + (batch.split().accumulationSteps() + 1) + " accumulated" : "", batch.goodput(),
                o.factor() < 0.995 ? String.format(Locale.ROOT, "; a resize counts x%.2f", o.factor()) : "");
    }

    private static String formatP(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }
}
