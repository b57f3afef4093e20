package io.yarndl.core.placement;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns a size per job (from any allocator: Optimus' marginal gains, DL2's network) into nodes.
 *
 * <p>A job keeps its nodes when its size did not change and they still have room, so a round does
 * not migrate jobs for nothing (each move costs a checkpoint and restart). The others are placed
 * biggest first, since they are the hardest to fit once the cluster fragments. A job the strategy
 * cannot fit is shrunk a task at a time, alternating workers and PS, down to its minimum, and
 * waits if even that does not fit.
 */
public final class TargetPlacement {

    private final PlacementStrategy strategy;

    public TargetPlacement(PlacementStrategy strategy) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
    }

    public String strategyName() {
        return strategy.name();
    }

    /**
     * Places every job at its target or smaller.
     *
     * @param targets one size per job, in the order of {@code jobs}; zero workers means it waits
     * @return one allocation per job, in the order of {@code jobs}; {@link Allocation#NONE} for waiting ones
     */
    public List<Allocation> place(ClusterSnapshot snapshot, List<JobView> jobs, List<TaskCount> targets) {
        return place(snapshot, jobs, targets, java.util.Collections.nCopies(jobs.size(), null));
    }

    /**
     * As {@link #place(ClusterSnapshot, List, List)}, each job's GPU tasks on nodes of the GPU type
     * {@code gpuTypes} names for it (a policy that chooses types, as Sia's does), or on any one type
     * where it names null. A job keeps its nodes only where they are of its type.
     */
    public List<Allocation> place(ClusterSnapshot snapshot, List<JobView> jobs, List<TaskCount> targets,
                                  List<String> gpuTypes) {
        if (targets.size() != jobs.size() || gpuTypes.size() != jobs.size()) {
            throw new IllegalArgumentException(targets.size() + " targets and " + gpuTypes.size() + " types for "
                    + jobs.size() + " jobs");
        }
        NodeLedger ledger = NodeLedger.of(snapshot);
        Allocation[] placed = new Allocation[jobs.size()];
        List<Integer> toPlace = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            JobView job = jobs.get(i);
            TaskCount target = targets.get(i);
            Allocation current = job.allocation();
            boolean unchanged = target.workers() > 0 && current.workers() == target.workers()
                    && current.ps() == target.ps();
            JobSpec spec = job.spec();
            unchanged &= gpuTypes.get(i) == null || onType(ledger, current, gpuTypes.get(i));
            if (unchanged && ledger.fits(current, spec.workerDemand(), spec.psDemand())) {
                ledger.reserve(current, spec.workerDemand(), spec.psDemand(), spec.modelFamily());
                placed[i] = current;
            } else if (target.workers() > 0) {
                toPlace.add(i);
            } else {
                placed[i] = Allocation.NONE;
            }
        }
        toPlace.sort(Comparator.comparingInt((Integer i) -> -targets.get(i).tasks()).thenComparing(i -> i));
        for (int i : toPlace) {
            placed[i] = placeShrinking(ledger, jobs.get(i), targets.get(i), gpuTypes.get(i));
        }
        return List.of(placed);
    }

    /** True when every node of {@code allocation} the ledger knows is of GPU type {@code type}. */
    private static boolean onType(NodeLedger ledger, Allocation allocation, String type) {
        for (String nodeId : allocation.byNode().keySet()) {
            int index = ledger.indexOf(nodeId);
            if (index < 0 || !type.equals(ledger.node(index).acceleratorType())) {
                return false;
            }
        }
        return true;
    }

    private Allocation placeShrinking(NodeLedger ledger, JobView job, TaskCount target, String gpuType) {
        JobSpec spec = job.spec();
        int workers = target.workers();
        int ps = target.ps();
        boolean dropWorker = true;
        while (workers >= spec.minWorkers() && ps >= spec.minPs()) {
            PlacementRequest request = PlacementRequest.of(spec, workers, ps, job.allocation());
            Optional<Allocation> result = strategy.place(ledger, gpuType == null ? request : request.onGpuType(gpuType));
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
