package io.yarndl.core.policy.optimus;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.TargetPlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.policy.resize.ResizeCost;
import io.yarndl.core.policy.resize.ResizeSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Optimus (Peng et al., EuroSys'18): fit each job's convergence and speed models online from its
 * progress samples ({@link ConvergenceFitter}, {@link SpeedFitter}), divide the cluster with the
 * greedy marginal-gain allocator ({@link MarginalGainAllocator}), then place with packing
 * ({@link PackingPlacement}). A running job's size changes only where the forecast saving beats its
 * restart charge ({@link ResizeCost}, {@link MarginalGainAllocator}).
 *
 * <p>Sizes become nodes through {@link TargetPlacement}: unchanged jobs stay put, the others are
 * placed biggest first and shrunk until they fit.
 *
 * <p>Not thread-safe: the model cache is mutated by {@link #plan}; a driver calls one round at a
 * time, as both drivers do.
 */
public final class OptimusPolicy implements LearningPolicy {

    public static final String NAME = "optimus";

    private final TargetPlacement placement;
    private final ResizeCost resizeCost;
    private final ModelCache models = new ModelCache();

    public OptimusPolicy() {
        this(new PackingPlacement());
    }

    public OptimusPolicy(PlacementStrategy placement) {
        this(placement, ResizeSettings.DEFAULT);
    }

    /** Placing with {@code placement}, charging resizes as {@code resize} says. */
    public OptimusPolicy(PlacementStrategy placement, ResizeSettings resize) {
        this.placement = new TargetPlacement(placement);
        this.resizeCost = new ResizeCost(resize);
    }

    /** The resize-cost rule it plans with. */
    public ResizeSettings resizeSettings() {
        return resizeCost.settings();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Each job's fitted convergence and speed models and the point they were fitted at. */
    @Override
    public PolicyState saveState() {
        return new PolicyState(NAME, models.save());
    }

    @Override
    public Set<String> restoreState(PolicyState state) {
        if (!NAME.equals(state.policy())) {
            throw new IllegalArgumentException("cannot restore " + NAME + " from the state of policy '"
                    + state.policy() + "'");
        }
        return models.restore(state.jobs());
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        List<JobEstimate> estimates = new ArrayList<>(jobs.size());
        Set<String> live = new HashSet<>();
        for (JobView job : jobs) {
            estimates.add(models.estimate(job));
            live.add(job.id());
        }
        models.retainOnly(live);

        MarginalGainAllocator allocator = new MarginalGainAllocator(snapshot.totalCapacity(), resizeCost);
        List<MarginalGainAllocator.Grant> grants = allocator.allocate(estimates, snapshot.totalAvailable());

        List<TaskCount> targets = new ArrayList<>(grants.size());
        for (MarginalGainAllocator.Grant grant : grants) {
            targets.add(grant.tasks());
        }
        List<Allocation> placed = placement.place(snapshot, jobs, targets);

        List<JobPlan> decisions = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            JobView job = jobs.get(i);
            String reason = grants.get(i).reason();
            if (placed.get(i).isEmpty()) {
                decisions.add(JobPlan.waiting(job.id(), grants.get(i).tasks().workers() > 0
                        ? "waiting: no nodes fit its minimum size" : reason));
            } else {
                TaskCount granted = grants.get(i).tasks();
                if (placed.get(i).workers() != granted.workers() || placed.get(i).ps() != granted.ps()) {
                    reason = "shrunk from " + granted.workers() + "w/" + granted.ps() + "ps to fit the nodes; " + reason;
                }
                decisions.add(JobPlan.placed(job.id(), placed.get(i), reason));
            }
        }
        return Plan.of(snapshot.timeSec(), NAME, decisions);
    }
}
