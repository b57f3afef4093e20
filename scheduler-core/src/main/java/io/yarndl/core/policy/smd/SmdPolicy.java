package io.yarndl.core.policy.smd;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.TargetPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.resize.ResizeCost;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.smd.layers.LayerTables;
import io.yarndl.core.solver.ChoiceKnapsack;
import io.yarndl.core.solver.KnapsackSolverException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * SMD (Yu, Wu, Ji, Liu, "A Sum-of-Ratios Multi-Dimensional-Knapsack Decomposition for DNN Resource
 * Scheduling", INFOCOM'21): sizes parameter-server jobs from a layer-aware model of their
 * iterations and divides the cluster by decomposing the sum of their remaining times into
 * multi-dimensional knapsacks.
 *
 * <ol>
 *   <li>Each job's remaining steps (Optimus' convergence estimate) and step time: the layer model
 *       {@link IterationModel} where SMD has the job's layer table, calibrated to DL2's measurements
 *       and refined by its own samples, else Optimus' fitted curve ({@link JobModels}).</li>
 *   <li>Jobs are admitted at their minimum in arrival order while the cluster has room, as the
 *       paper schedules every job present and Optimus admits; a job without a model stays there.</li>
 *   <li>The admitted jobs' sizes ({@link JobOptions}) are chosen by {@link SumOfRatios}: Jong's
 *       parametric decomposition into knapsacks over GPUs, vcores, memory and network links, each
 *       solved by CP-SAT ({@link ChoiceKnapsack}), closed by the exact knapsack of the ratios,
 *       starting from Optimus' marginal-gain rule on the same options ({@link GreedyStart}). The
 *       guarantee is stated there.</li>
 *   <li>A running job's options other than the size it holds carry its restart charge
 *       ({@link ResizeCost}), so the knapsack resizes it only where the forecast saving pays it.</li>
 *   <li>Resources no job was given go to jobs measured at one worker count only ({@link Exploration}).</li>
 *   <li>Sizes become nodes through {@link TargetPlacement} with the configured strategy; each
 *       parameter-server job's reason says how its layers sit on its servers.</li>
 * </ol>
 *
 * <p>If the knapsack solver cannot run (OR-Tools' native libraries missing), every admitted job
 * keeps its minimum and the reasons say why. Not thread-safe: one round at a time, as both drivers call.
 */
public final class SmdPolicy implements SchedulingPolicy {

    public static final String NAME = "smd";

    private final TargetPlacement placement;
    private final JobModels models;
    private final SumOfRatios decomposition;
    private final SmdSettings settings;
    private final ResizeCost resizeCost;

    public SmdPolicy() {
        this(new PackingPlacement(), SmdSettings.DEFAULT);
    }

    public SmdPolicy(PlacementStrategy placement, SmdSettings settings) {
        this(placement, settings, ResizeSettings.DEFAULT);
    }

    /** Placing with {@code placement}, SMD's knobs {@code settings}, charging resizes as {@code resize} says. */
    public SmdPolicy(PlacementStrategy placement, SmdSettings settings, ResizeSettings resize) {
        this(placement, settings, resize, LayerTables.shipped(), ShippedCalibrations.shipped());
    }

    SmdPolicy(PlacementStrategy placement, SmdSettings settings, LayerTables tables, ShippedCalibrations calibrations) {
        this(placement, settings, ResizeSettings.DEFAULT, tables, calibrations);
    }

    SmdPolicy(PlacementStrategy placement, SmdSettings settings, ResizeSettings resize, LayerTables tables,
              ShippedCalibrations calibrations) {
        this.placement = new TargetPlacement(placement);
        this.settings = settings;
        this.resizeCost = new ResizeCost(resize);
        this.models = new JobModels(tables, calibrations);
        this.decomposition = new SumOfRatios(new ChoiceKnapsack(settings.knapsackSeconds()), settings.maxKnapsacks());
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The knobs it runs with, as its driver configured them. */
    public SmdSettings settings() {
        return settings;
    }

    /** The resize-cost rule it plans with. */
    public ResizeSettings resizeSettings() {
        return resizeCost.settings();
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        int n = jobs.size();
        Set<String> live = new HashSet<>();
        JobOptions[] options = new JobOptions[n];
        String[] reasons = new String[n];
        Resources free = snapshot.totalAvailable();
        long freeLinks = Math.round(snapshot.nodes().size() * settings.linksPerNode() * JobOptions.LINK_UNITS);
        boolean linksCount = settings.linksPerNode() > 0;
        int gpus = Math.max(1, snapshot.totalCapacity().gpus());
        JobModels.Estimate[] estimates = new JobModels.Estimate[n];
        JobOptions[] all = new JobOptions[n];
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            live.add(job.id());
            JobSpec spec = job.spec();
            estimates[j] = models.estimate(job);
            all[j] = estimates[j].isModelled()
                    ? JobOptions.of(spec, estimates[j].stepTime().get(), estimates[j].remainingSteps(),
                            gpus / Math.max(1, spec.workerDemand().gpus()),
                            resizeCost.charge(job) > 0 ? job.allocation().tasks() : null, resizeCost.charge(job))
                    : estimates[j].reachedGoal() && job.isRunning() ? JobOptions.finishingAt(spec, job.allocation())
                    : JobOptions.minimumOnly(spec);
        }
        List<Integer> admitted = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            JobSpec spec = jobs.get(j).spec();
            long[] minimum = all[j].demands()[0];
            Resources minimumDemand = Resources.of((int) minimum[0], (int) minimum[1], minimum[2]);
            if (minimumDemand.fitsIn(free) && (!linksCount || minimum[3] <= freeLinks)) {
                free = free.minus(minimumDemand);
                freeLinks -= linksCount ? minimum[3] : 0;
                options[j] = all[j];
                admitted.add(j);
                reasons[j] = estimates[j].isModelled() ? null : !estimates[j].reachedGoal()
                        ? "minimum size until its models fit"
                        : jobs.get(j).isRunning() ? "no steps left to its goal: kept at the size it holds while it finishes"
                        : "no steps left to its goal: minimum size";
            } else {
                reasons[j] = "waiting: its minimum " + minimumDemand + " does not fit the " + free + " left";
            }
        }
        models.retainOnly(live);

        TaskCount[] sizes = new TaskCount[n];
        java.util.Arrays.fill(sizes, TaskCount.NONE);
        String summary = decide(snapshot, admitted, options, sizes, reasons);
        explore(snapshot, jobs, estimates, options, sizes, reasons);

        List<Allocation> placed = placement.place(snapshot, jobs, java.util.Arrays.asList(sizes));
        List<JobPlan> decisions = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            String reason = reasons[j] != null ? reasons[j] : summary;
            if (placed.get(j).isEmpty()) {
                decisions.add(JobPlan.waiting(job.id(), sizes[j].workers() > 0
                        ? "waiting: no nodes fit its minimum size" : reason));
            } else {
                if (placed.get(j).workers() != sizes[j].workers() || placed.get(j).ps() != sizes[j].ps()) {
                    reason = "shrunk from " + sizes[j].workers() + "w/" + sizes[j].ps() + "ps to fit the nodes; " + reason;
                }
                decisions.add(JobPlan.placed(job.id(), placed.get(j), reason));
            }
        }
        return Plan.of(snapshot.timeSec(), NAME, decisions);
    }

    /** Gives idle resources to jobs measured at one worker count only ({@link Exploration}). */
    private static void explore(ClusterSnapshot snapshot, List<JobView> jobs, JobModels.Estimate[] estimates,
                                JobOptions[] options, TaskCount[] sizes, String[] reasons) {
        Resources used = Resources.ZERO;
        boolean[] candidates = new boolean[jobs.size()];
        for (int j = 0; j < jobs.size(); j++) {
            used = used.plus(jobs.get(j).spec().demandOf(sizes[j]));
            candidates[j] = options[j] != null && estimates[j].isModelled();
        }
        Resources free = snapshot.totalAvailable().minus(used).atLeastZero();
        boolean[] grown = Exploration.grow(jobs, candidates, sizes, free);
        for (int j = 0; j < jobs.size(); j++) {
            if (grown[j]) {
                reasons[j] = reasons[j] + Exploration.REASON;
            }
        }
    }

    /** Chooses the admitted jobs' sizes into {@code sizes}, their reasons into {@code reasons}; returns a summary. */
    private String decide(ClusterSnapshot snapshot, List<Integer> admitted, JobOptions[] options, TaskCount[] sizes,
                          String[] reasons) {
        int m = admitted.size();
        if (m == 0) {
            return "";
        }
        Resources room = snapshot.totalAvailable();
        long links = settings.linksPerNode() > 0
                ? Math.round(snapshot.nodes().size() * settings.linksPerNode() * JobOptions.LINK_UNITS) : Long.MAX_VALUE / 4;
        long[][][] demands = new long[m][][];
        double[][] num = new double[m][];
        double[][] den = new double[m][];
        for (int i = 0; i < m; i++) {
            JobOptions o = options[admitted.get(i)];
            demands[i] = o.demands();
            num[i] = o.numerators();
            den[i] = o.denominators();
        }
        ChoiceKnapsack.Instance instance = new ChoiceKnapsack.Instance(
                new long[] {room.gpus(), room.vcores(), room.memoryMb(), links}, demands);
        int[] chosen = new int[m];
        String summary;
        try {
            SumOfRatios.Problem problem = new SumOfRatios.Problem(instance, num, den);
            SumOfRatios.Result result = decomposition.solve(problem, GreedyStart.choose(problem));
            chosen = result.options();
            summary = String.format(Locale.ROOT, "smd: %d knapsacks%s%s", result.knapsacks(),
                    result.fixedPoint() ? ", fixed point" : "", result.allOptimal() ? ", all optimal" : "");
        } catch (KnapsackSolverException e) {
            summary = "smd: minimum size, the knapsack solver failed: " + e.getMessage();
        }
        for (int i = 0; i < m; i++) {
            int j = admitted.get(i);
            JobOptions o = options[j];
            int c = chosen[i];
            sizes[j] = new TaskCount(o.workers()[c], o.servers()[c]);
            if (reasons[j] == null) {
                reasons[j] = String.format(Locale.ROOT, "%s; predicted %.0f s to go at %dw/%dps%s%s", summary,
                        o.forecastSeconds(c), o.workers()[c], o.servers()[c],
                        o.layout(c).isEmpty() ? "" : "; layers on " + o.layout(c),
                        o.charges()[c] > 0 ? String.format(Locale.ROOT, "; a resize, paying its restart charge of %.0f s",
                                o.charges()[c]) : "");
            }
        }
        return summary;
    }
}
