package io.yarndl.core.policy.optimus;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.PolicyState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Optimus (Peng et al., EuroSys'18): fit each job's convergence and speed models online from its
 * progress samples ({@link ConvergenceFitter}, {@link SpeedFitter}), divide the cluster with the
 * greedy marginal-gain allocator ({@link MarginalGainAllocator}), then place with packing
 * ({@link PackingPlacement}).
 *
 * <p>Placement keeps a job where it is when its size did not change and its nodes still have
 * room, so a round does not migrate jobs for nothing (each move costs a checkpoint and restart).
 * A job the placement cannot fit is shrunk a task at a time, alternating workers and PS, down to
 * its minimum, and waits if even that does not fit.
 *
 * <p>Not thread-safe: the model cache is mutated by {@link #plan}; a driver calls one round at a
 * time, as both drivers do.
 */
public final class OptimusPolicy implements LearningPolicy {

    public static final String NAME = "optimus";

    private final PlacementStrategy placement;
    private final ModelCache models = new ModelCache();

    public OptimusPolicy() {
        this(new PackingPlacement());
    }

    public OptimusPolicy(PlacementStrategy placement) {
        this.placement = placement;
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

        MarginalGainAllocator allocator = new MarginalGainAllocator(snapshot.totalCapacity());
        List<MarginalGainAllocator.Grant> grants = allocator.allocate(estimates, snapshot.totalAvailable());

        NodeLedger ledger = NodeLedger.of(snapshot);
        Allocation[] placed = new Allocation[jobs.size()];
        List<Integer> toPlace = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            JobView job = jobs.get(i);
            TaskCount target = grants.get(i).tasks();
            Allocation current = job.allocation();
            boolean unchanged = target.workers() > 0 && current.workers() == target.workers()
                    && current.ps() == target.ps();
            JobSpec spec = job.spec();
            if (unchanged && ledger.fits(current, spec.workerDemand(), spec.psDemand())) {
                ledger.reserve(current, spec.workerDemand(), spec.psDemand());
                placed[i] = current;
            } else if (target.workers() > 0) {
                toPlace.add(i);
            } else {
                placed[i] = Allocation.NONE;
            }
        }
        // Biggest jobs first: they are the hardest to fit once the cluster fragments.
        toPlace.sort(Comparator.comparingInt((Integer i) -> -grants.get(i).tasks().tasks()).thenComparing(i -> i));
        for (int i : toPlace) {
            placed[i] = placeShrinking(ledger, jobs.get(i), grants.get(i).tasks());
        }

        List<JobPlan> decisions = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            JobView job = jobs.get(i);
            String reason = grants.get(i).reason();
            if (placed[i].isEmpty()) {
                decisions.add(JobPlan.waiting(job.id(), grants.get(i).tasks().workers() > 0
                        ? "waiting: no nodes fit its minimum size" : reason));
            } else {
                TaskCount granted = grants.get(i).tasks();
                if (placed[i].workers() != granted.workers() || placed[i].ps() != granted.ps()) {
                    reason = "shrunk from " + granted.workers() + "w/" + granted.ps() + "ps to fit the nodes; " + reason;
                }
                decisions.add(JobPlan.placed(job.id(), placed[i], reason));
            }
        }
        return Plan.of(snapshot.timeSec(), NAME, decisions);
    }

    private Allocation placeShrinking(NodeLedger ledger, JobView job, TaskCount target) {
        JobSpec spec = job.spec();
        int workers = target.workers();
        int ps = target.ps();
        boolean dropWorker = true;
        while (workers >= spec.minWorkers() && ps >= spec.minPs()) {
            Optional<Allocation> result = placement.place(ledger,
                    PlacementRequest.of(spec, workers, ps, job.allocation()));
            if (result.isPresent()) {
                return result.get();
            }
            boolean canDropWorker = workers > spec.minWorkers();
            boolean canDropPs = ps > spec.minPs();
            if (!canDropWorker && !canDropPs) {
                break;
            }
            if ((dropWorker && canDropWorker) || !canDropPs) {
                workers--;
            } else {
                ps--;
            }
            dropWorker = !dropWorker;
        }
        return Allocation.NONE;
    }
}
