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
 * <p>Where the problem has {@link SharingPair}s, two jobs sharing GPUs of a type are one more
 * candidate, ranked the same way by {@code Y[p][k]} over the share of time that pair has shared
 * (Gavel ranks job combinations so); it runs when neither job runs yet: the earlier job is placed
 * and holds the GPUs, the other sits on the same nodes and GPUs and adds its CPUs and memory.
 * Sharing is never used to fill idle GPUs ({@code Y = 0} pairs are not candidates): alone, each job
 * runs faster.
 *
 * <p>Jobs and pairs the caller keeps (mid-round, see {@link GavelPolicy}) hold their nodes first.
 */
final class PriorityRound {

    private PriorityRound() {
    }

    /**
     * What one job got this round: its nodes and type, or {@link Allocation#NONE}; the job whose GPUs
     * it shares (empty if none); and the key its received time is kept under ({@link #key}).
     */
    record Assigned(Allocation placement, String gpuType, double priority, String sharesGpusOf, String key) {
        static final Assigned WAITING = new Assigned(Allocation.NONE, null, 0, "", "");
    }

    /** The key a job alone is kept under: its id. */
    static String key(String jobId) {
        return jobId;
    }

    /** The key a pair sharing GPUs is kept under. */
    static String key(String host, String guest) {
        return host + PAIR + guest;
    }

    /** The job ids a key stands for: one for a job alone, host and guest for a pair. */
    static List<String> jobsOf(String key) {
        int bar = key.indexOf(PAIR);
        return bar < 0 ? List.of(key) : List.of(key.substring(0, bar), key.substring(bar + 1));
    }

    private static final char PAIR = '|';

    static Assigned[] assign(RoundInput input, TimeFractions x, ReceivedTime received, Map<String, String> keep,
                             NodeLedger ledger, PlacementStrategy placement) {
        List<JobView> jobs = input.jobs();
        Assigned[] assigned = new Assigned[jobs.size()];
        keepRunning(input, keep, ledger, assigned);
        for (Candidate candidate : ranked(input, x, received, assigned)) {
            String type = input.problem().gpuTypes().get(candidate.type);
            int host = candidate.job;
            if (assigned[host] != null || (candidate.guest >= 0 && assigned[candidate.guest] != null)
                    || ledger.freeGpus(type) < input.gpusPerJob()[host]) {
                continue;
            }
            Optional<Allocation> nodes = place(jobs.get(host), type, ledger, placement);
            if (nodes.isEmpty()) {
                continue;
            }
            if (candidate.guest < 0) {
                assigned[host] = new Assigned(nodes.get(), type, candidate.priority, "", key(jobs.get(host).id()));
            } else if (!share(jobs, host, candidate.guest, nodes.get(), type, candidate.priority, ledger, assigned)) {
                JobSpec spec = jobs.get(host).spec();
                ledger.release(nodes.get(), spec.workerDemand(), spec.psDemand(), spec.modelFamily());
            }
        }
        for (int j = 0; j < assigned.length; j++) {
            if (assigned[j] == null) {
                assigned[j] = Assigned.WAITING;
            }
        }
        return assigned;
    }

    /** Jobs and pairs the caller keeps hold the nodes they have, where those still fit. */
    private static void keepRunning(RoundInput input, Map<String, String> keep, NodeLedger ledger,
                                    Assigned[] assigned) {
        List<JobView> jobs = input.jobs();
        for (int j = 0; j < jobs.size(); j++) {
            JobView job = jobs.get(j);
            String keptType = keep.get(key(job.id()));
            JobSpec spec = job.spec();
            if (keptType != null && ledger.reserveIfFits(job.allocation(), spec.workerDemand(), spec.psDemand(),
                    spec.modelFamily())) {
                assigned[j] = new Assigned(job.allocation(), keptType, Double.NaN, "", key(job.id()));
            }
        }
        for (int p = 0; p < input.problem().pairCount(); p++) {
            SharingPair pair = input.problem().pair(p);
            JobView host = jobs.get(pair.first());
            String keptType = keep.get(key(host.id(), jobs.get(pair.second()).id()));
            if (keptType == null || assigned[pair.first()] != null || assigned[pair.second()] != null) {
                continue;
            }
            JobSpec spec = host.spec();
            if (ledger.reserveIfFits(host.allocation(), spec.workerDemand(), spec.psDemand(), spec.modelFamily())
                    && !share(jobs, pair.first(), pair.second(), host.allocation(), keptType, Double.NaN, ledger,
                    assigned)) {
                ledger.release(host.allocation(), spec.workerDemand(), spec.psDemand(), spec.modelFamily());
            }
        }
    }

    /**
     * Puts guest on the GPUs host was just given on {@code nodes}: the same tasks on the same nodes,
     * its CPUs and memory reserved, its GPUs not. False, and nothing of the guest reserved, when its
     * CPUs or memory do not fit there.
     */
    private static boolean share(List<JobView> jobs, int host, int guest, Allocation nodes, String type,
                                 double priority, NodeLedger ledger, Assigned[] assigned) {
        JobSpec spec = jobs.get(guest).spec();
        if (!ledger.reserveIfFits(nodes, spec.workerDemand().withoutGpus(), spec.psDemand().withoutGpus())) {
            return false;
        }
        String hostId = jobs.get(host).id();
        String key = key(hostId, jobs.get(guest).id());
        assigned[host] = new Assigned(nodes, type, priority, "", key);
        assigned[guest] = new Assigned(nodes, type, priority, hostId, key);
        return true;
    }

    /** Keeps a job on the nodes it holds when it stays on their type at its size; else packs it anew. */
    private static Optional<Allocation> place(JobView job, String type, NodeLedger ledger, PlacementStrategy placement) {
        JobSpec spec = job.spec();
        Allocation current = job.allocation();
        if (!current.isEmpty() && current.workers() == spec.requestedWorkers() && current.ps() == spec.requestedPs()
                && onType(current, type, ledger)
                && ledger.reserveIfFits(current, spec.workerDemand(), spec.psDemand(), spec.modelFamily())) {
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

    /** A job alone on a type (guest -1), or a pair sharing GPUs of a type, job the host. */
    private record Candidate(int job, int guest, int type, double priority, double share, double speed) {
    }

    private static List<Candidate> ranked(RoundInput input, TimeFractions x, ReceivedTime received,
                                          Assigned[] assigned) {
        AllocationProblem problem = input.problem();
        List<String> types = problem.gpuTypes();
        List<Candidate> candidates = new ArrayList<>();
        for (int j = 0; j < input.jobs().size(); j++) {
            if (assigned[j] != null) {
                continue;
            }
            String id = input.jobs().get(j).id();
            for (int k = 0; k < types.size(); k++) {
                double speed = problem.throughput(j, k);
                if (speed <= 0 || input.gpusPerJob()[j] > problem.gpus(k)) {
                    continue;
                }
                double share = x.of(j, k);
                candidates.add(new Candidate(j, -1, k, priority(share, received.fraction(key(id), types.get(k))),
                        share, speed));
            }
        }
        for (int p = 0; p < problem.pairCount(); p++) {
            SharingPair pair = problem.pair(p);
            if (assigned[pair.first()] != null || assigned[pair.second()] != null) {
                continue;
            }
            String key = key(input.jobs().get(pair.first()).id(), input.jobs().get(pair.second()).id());
            for (int k = 0; k < types.size(); k++) {
                double share = x.ofPair(p, k);
                if (share > 0 && problem.canRunPair(p, k)) {
                    double speed = pair.throughputOf(pair.first(), k);
                    candidates.add(new Candidate(pair.first(), pair.second(), k,
                            priority(share, received.fraction(key, types.get(k))), share, speed));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble((Candidate c) -> -c.priority)
                .thenComparingDouble(c -> -c.share)
                .thenComparingDouble(c -> -c.speed)
                .thenComparingInt(c -> c.job)
                .thenComparingInt(c -> c.guest)
                .thenComparingInt(c -> c.type));
        return candidates;
    }

    private static double priority(double share, double received) {
        return share <= 0 ? 0 : received <= 0 ? Double.POSITIVE_INFINITY : share / received;
    }
}
