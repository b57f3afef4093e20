package io.yarndl.core.policy.sia;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.goodput.BatchChoice;
import io.yarndl.core.goodput.GoodputModels;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.TargetPlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.pollux.ChoiceProgram;
import io.yarndl.core.policy.pollux.GpuPool;
import io.yarndl.core.policy.pollux.PowerMean;
import io.yarndl.core.policy.pollux.RestartPenalty;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Sia (Jayaram Subramanya et al., "Sia: Heterogeneity-aware, goodput-optimized ML-cluster
 * scheduling", SOSP'23): Pollux's goodput, per GPU type, chosen together with the type by an integer
 * program over a few configurations per job and type.
 *
 * <ol>
 *   <li>Per job, a goodput model on every GPU type ({@link TypeModels}): its own where it has run
 *       there, else bootstrapped from the type it ran on by a profile's ratio of one-GPU throughputs.</li>
 *   <li>Its configurations ({@link TypedOptions}): Sia's counts per type, each with the batch its
 *       model chooses, goodputs normalised to the job's slowest configuration, every change of a
 *       running job's type or count weighed by the re-allocation factor (Sia's: none for a job
 *       younger than one restart).</li>
 *   <li>The program: one configuration or none per job, each type's GPUs and the cluster's vcores
 *       and memory respected, least {@code sum G^p} (p &lt; 0; {@code -sum G^p} for p &gt; 0,
 *       {@code -sum log G} at 0) plus {@code lambda_n} per job left without GPUs: Sia's objective,
 *       solved exactly by CP-SAT ({@link ChoiceProgram}), where Sia uses CBC or GLPK.</li>
 *   <li>Each job's count is placed on nodes of its chosen type by the configured strategy (packing
 *       by default); a job keeps its nodes where its type and count did not change.</li>
 * </ol>
 *
 * <p>A job's GPU tasks are always on one type. Parameter-server jobs keep the servers they hold
 * (or request). Not thread-safe: one round at a time, as both drivers call.
 */
public final class SiaPolicy implements SchedulingPolicy {

    public static final String NAME = "sia";

    private final TargetPlacement placement;
    private final SiaSettings settings;
    private final TypeRatios ratios;
    private final PowerMean fairness;
    private final RestartPenalty penalty;
    private final ChoiceProgram program;
    private final GoodputModels models = new GoodputModels();

    public SiaPolicy() {
        this(new PackingPlacement(), SiaSettings.DEFAULT);
    }

    public SiaPolicy(PlacementStrategy placement, SiaSettings settings) {
        this(placement, settings, TypeRatios.shipped());
    }

    public SiaPolicy(PlacementStrategy placement, SiaSettings settings, TypeRatios ratios) {
        this.placement = new TargetPlacement(placement);
        this.settings = settings;
        this.ratios = ratios;
        this.fairness = new PowerMean(settings.fairnessP());
        this.penalty = new RestartPenalty(settings.restartPriorSec(), true);
        this.program = new ChoiceProgram(settings.solverSeconds(), settings.solverMaxOptions());
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The knobs it runs with, as its driver configured them. */
    public SiaSettings settings() {
        return settings;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        int n = jobs.size();
        List<GpuPool> pools = GpuPool.byType(snapshot);
        Map<String, Node> nodesById = snapshot.nodesById();
        Set<String> live = new HashSet<>();
        TypedOptions[] options = new TypedOptions[n];
        TypeModels[] typeModels = new TypeModels[n];
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            live.add(job.id());
            String held = GpuPool.typeOf(job.allocation(), nodesById);
            typeModels[j] = TypeModels.of(job, pools, held, models, ratios);
            double factor = job.isRunning() ? penalty.factor(job, snapshot.timeSec()) : 1.0;
            options[j] = TypedOptions.of(job, pools, typeModels[j], held, factor);
        }
        models.retainOnly(live);
        int[] chosen = new int[n];
        String summary = n == 0 ? "" : choose(snapshot, pools, jobs, options, chosen);

        List<TaskCount> sizes = new ArrayList<>(n);
        List<String> types = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            TypedOptions o = options[j];
            int c = chosen[j];
            sizes.add(c == 0 ? TaskCount.NONE : new TaskCount(o.workers()[c], o.ps()));
            types.add(c == 0 ? null : pools.get(o.pools()[c]).gpuType());
        }
        List<Allocation> placed = placement.place(snapshot, jobs, sizes, types);
        List<JobPlan> decisions = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            String reason = reason(options[j], typeModels[j], pools, chosen[j], summary);
            if (placed.get(j).isEmpty()) {
                decisions.add(JobPlan.waiting(job.id(), chosen[j] > 0 ? "waiting: no nodes of " + types.get(j)
                        + " fit its minimum size; " + reason : reason));
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
    private String choose(ClusterSnapshot snapshot, List<GpuPool> pools, List<JobView> jobs, TypedOptions[] options,
                          int[] chosen) {
        int n = jobs.size();
        int k = pools.size();
        double[][] costs = new double[n][];
        long[][][] demands = new long[n][][];
        for (int j = 0; j < n; j++) {
            TypedOptions o = options[j];
            costs[j] = new double[o.size()];
            for (int c = 1; c < o.size(); c++) {
                costs[j][c] = fairness.cost(o.goodputs()[c]);
            }
            demands[j] = o.demands(jobs.get(j).spec(), k);
        }
        long[] capacity = new long[k + 2];
        for (int i = 0; i < k; i++) {
            capacity[i] = pools.get(i).available().gpus();
        }
        Resources room = snapshot.totalAvailable();
        capacity[k] = room.vcores();
        capacity[k + 1] = room.memoryMb();
        double lambda = settings.unallocatedPenalty();
        ChoiceProgram.Result result = program.solve(capacity, demands, costs, largest -> lambda);
        System.arraycopy(result.options(), 0, chosen, 0, n);
        return result.summary();
    }

    private String reason(TypedOptions o, TypeModels models, List<GpuPool> pools, int chosen, String summary) {
        String p = String.format(Locale.ROOT, "sia (p=%s, %s)", Double.toString(settings.fairnessP()), summary);
        if (o.size() == 1) {
            return p + ": waiting: no configuration it may take fits the cluster or its batch";
        }
        if (chosen == 0) {
            return p + ": waiting: the objective is better with its GPUs given to others";
        }
        int pool = o.pools()[chosen];
        BatchChoice batch = o.batches()[chosen];
        return String.format(Locale.ROOT, "%s: %d workers of %s on %d node%s (model %s), normalised goodput %.2f,"
                        + " batch %d (%d a replica%s)%s", p, o.workers()[chosen], pools.get(pool).gpuType(),
                o.nodes()[chosen], o.nodes()[chosen] == 1 ? "" : "s", models.sources()[pool], o.goodputs()[chosen],
                batch.globalBatch(), batch.split().atomic(), batch.split().accumulationSteps() > 0
                        ? " x " + (batch.split().accumulationSteps() + 1) + " accumulated" : "",
                o.factor() < 0.995 ? String.format(Locale.ROOT, "; a change counts x%.2f", o.factor()) : "");
    }
}
