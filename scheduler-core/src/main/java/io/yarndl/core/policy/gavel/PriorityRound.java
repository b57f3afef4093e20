package io.yarndl.core.policy.gavel;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.PlacementStrategy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gavel's round-based mechanism (Narayanan et al., OSDI'20, §5): turns the LP's time fractions
 * {@code X[j][k]} into the jobs that run this round and the type each runs on, so that over many
 * rounds each job's share of time on each type converges to {@code X}.
 *
 * <p>Each (job, type) pair gets the priority {@code X[j][k] / f[j][k]}, where {@code f} is the
 * share of its time in the system the job has run on that type ({@link ReceivedTime}); a pair the
 * LP gives time but that has had none ranks first. Pairs are taken highest priority first, each
 * job at most once, while the type has GPUs for the whole job (its scale factor) and the
 * placement strategy finds it nodes of that type. Ties go to the larger X, then to the faster
 * type for the job, then to the earlier job. Pairs with {@code X = 0} come last and still run
 * where GPUs would otherwise idle: the mechanism is work-conserving.
 *
 * <p>Jobs the caller keeps (mid-round, see {@link GavelPolicy}) hold their nodes first.
 */
final class PriorityRound {

    private PriorityRound() {
    }

    /** What one job got this round: its nodes and type, or {@link Allocation#NONE}. */
    record Assigned(Allocation placement, String gpuType, double priority) {
        static final Assigned WAITING = new Assigned(Allocation.NONE, null, 0);
    }

    static Assigned[] assign(RoundInput input, TimeFractions x, ReceivedTime received, Map<String, String> keep,
                             NodeLedger ledger, PlacementStrategy placement) {
        AllocationProblem problem = input.problem();
        List<JobView> jobs = input.jobs();
        List<String> types = problem.gpuTypes();
        Assigned[] assigned = new Assigned[jobs.size()];
        for (int j = 0; j < jobs.size(); j++) {
            JobView job = jobs.get(j);
            String keptType = keep.get(job.id());
            JobSpec spec = job.spec();
            if (keptType != null && ledger.reserveIfFits(job.allocation(), spec.workerDemand(), spec.psDemand())) {
                assigned[j] = new Assigned(job.allocation(), keptType, Double.NaN);
            }
        }
        for (Pair pair : rankedPairs(input, x, received, assigned)) {
            if (assigned[pair.job] != null) {
                continue;
            }
            String type = types.get(pair.type);
            if (ledger.freeGpus(type) < input.gpusPerJob()[pair.job]) {
                continue;
            }
            Optional<Allocation> nodes = place(jobs.get(pair.job), type, ledger, placement);
            if (nodes.isPresent()) {
                assigned[pair.job] = new Assigned(nodes.get(), type, pair.priority);
            }
        }
        for (int j = 0; j < assigned.length; j++) {
            if (assigned[j] == null) {
                assigned[j] = Assigned.WAITING;
            }
        }
        return assigned;
    }

    /** Keeps a job on the nodes it holds when it stays on their type at its size; else packs it anew. */
    private static Optional<Allocation> place(JobView job, String type, NodeLedger ledger, PlacementStrategy placement) {
        JobSpec spec = job.spec();
        Allocation current = job.allocation();
        if (!current.isEmpty() && current.workers() == spec.requestedWorkers() && current.ps() == spec.requestedPs()
                && onType(current, type, ledger)
                && ledger.reserveIfFits(current, spec.workerDemand(), spec.psDemand())) {
            return Optional.of(current);
        }
        PlacementRequest request = PlacementRequest.of(spec, spec.requestedWorkers(), spec.requestedPs(), current)
                .onGpuType(type);
        return placement.place(ledger, request);
    }

    private static boolean onType(Allocation allocation, String type, NodeLedger ledger) {
        for (String nodeId : allocation.byNode().keySet()) {
            int index = ledger.indexOf(nodeId);
            if (index < 0 || !ledger.node(index).acceleratorType().equals(type)) {
                return false;
            }
        }
        return true;
    }

    private record Pair(int job, int type, double priority, double share, double speed) {
    }

    private static List<Pair> rankedPairs(RoundInput input, TimeFractions x, ReceivedTime received,
                                          Assigned[] assigned) {
        AllocationProblem problem = input.problem();
        List<Pair> pairs = new ArrayList<>();
        for (int j = 0; j < input.jobs().size(); j++) {
            if (assigned[j] != null) {
                continue;
            }
            String id = input.jobs().get(j).id();
            for (int k = 0; k < problem.gpuTypes().size(); k++) {
                double speed = problem.throughput(j, k);
                if (speed <= 0 || input.gpusPerJob()[j] > problem.gpus(k)) {
                    continue;
                }
                double share = x.of(j, k);
                double got = received.fraction(id, problem.gpuTypes().get(k));
                double priority = share <= 0 ? 0 : got <= 0 ? Double.POSITIVE_INFINITY : share / got;
                pairs.add(new Pair(j, k, priority, share, speed));
            }
        }
        pairs.sort(Comparator.comparingDouble((Pair p) -> -p.priority)
                .thenComparingDouble(p -> -p.share)
                .thenComparingDouble(p -> -p.speed)
                .thenComparingInt(p -> p.job)
                .thenComparingInt(p -> p.type));
        return pairs;
    }
}
