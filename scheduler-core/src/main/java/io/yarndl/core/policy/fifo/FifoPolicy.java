package io.yarndl.core.policy.fifo;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * First-in-first-out with static job sizes: the non-elastic baseline of the Optimus (Peng et al.,
 * EuroSys'18) and DL2 (Peng et al., 2019) evaluations, and what a plain YARN FIFO queue does.
 *
 * <p>Every job runs at the size it asked for ({@link JobSpec#requestedWorkers()},
 * {@link JobSpec#requestedPs()}). Running jobs keep their allocation: no preemption, no resizing.
 * Queued jobs start strictly in arrival order (submit time, then id) while the next one fits;
 * the first that does not fit blocks every job behind it (head-of-line blocking, no backfilling),
 * even a job that never fits the cluster at all. Nodes come from the {@link PlacementStrategy}
 * given at construction, {@link PackingPlacement} by default.
 *
 * <p>A running job whose allocation the snapshot can no longer hold (its node was lost, or
 * non-policy work took the room) is queued again at its arrival position, so it restarts first.
 */
public final class FifoPolicy implements SchedulingPolicy {

    public static final String NAME = "fifo";

    private final PlacementStrategy placement;

    public FifoPolicy() {
        this(new PackingPlacement());
    }

    public FifoPolicy(PlacementStrategy placement) {
        this.placement = Objects.requireNonNull(placement, "placement");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        NodeLedger ledger = NodeLedger.of(snapshot);
        List<JobView> byArrival = new ArrayList<>(jobs);
        byArrival.sort(JobView.BY_ARRIVAL);
        Map<String, JobPlan> decisions = new HashMap<>();
        List<JobView> queue = new ArrayList<>();
        // Running jobs first, so that a queued job can only take what they leave.
        for (JobView job : byArrival) {
            JobSpec spec = job.spec();
            if (job.isRunning()
                    && ledger.reserveIfFits(job.allocation(), spec.workerDemand(), spec.psDemand(), spec.modelFamily())) {
                decisions.put(job.id(), JobPlan.placed(job.id(), job.allocation(), "running; FIFO keeps its allocation"));
            } else {
                queue.add(job);
            }
        }
        String blockedBy = null;
        for (JobView job : queue) {
            if (blockedBy != null) {
                decisions.put(job.id(), JobPlan.waiting(job.id(), "queued behind job " + blockedBy));
                continue;
            }
            Optional<Allocation> placed = placement.place(ledger, request(job));
            if (placed.isPresent()) {
                decisions.put(job.id(), JobPlan.placed(job.id(), placed.get(), startReason(job)));
            } else {
                blockedBy = job.id();
                decisions.put(job.id(), JobPlan.waiting(job.id(), "head of the queue; "
                        + job.spec().requestedDemand() + " does not fit by " + placement.name() + " placement"));
            }
        }
        return Plan.inJobOrder(snapshot.timeSec(), NAME, jobs, decisions);
    }

    private static PlacementRequest request(JobView job) {
        JobSpec spec = job.spec();
        return PlacementRequest.of(spec, spec.requestedWorkers(), spec.requestedPs(), job.allocation());
    }

    private static String startReason(JobView job) {
        return job.isRunning() ? "restarted: its old allocation no longer fits the cluster"
                : "started in arrival order at its requested size";
    }
}
