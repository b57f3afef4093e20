package io.yarndl.core.policy.gavel;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One of Gavel's heterogeneity-aware policies (Narayanan et al., "Heterogeneity-Aware Cluster
 * Scheduling Policies for Deep Learning Workloads", OSDI'20): an {@link AllocationObjective}
 * decides each job's share of time on each GPU type, and Gavel's round-based mechanism
 * ({@link PriorityRound}) decides which jobs run in each round so that the shares they receive
 * converge to it. Jobs run at their requested size (Gavel's jobs are rigid); speeds per type come
 * from {@link TypeThroughputs}. The heterogeneity-agnostic variant solves and ranks with every
 * job's speeds set equal, as Gavel does.
 *
 * <p><b>Rounds.</b> A new round starts when {@code roundSec} has passed since the last one began:
 * the LP is solved and every job is re-ranked, so a job may be swapped out (it pays the driver's
 * checkpoint-restore cost) or moved to another type. A call inside a round keeps the jobs still
 * running where they are and gives GPUs that jobs have left to waiting jobs, by the same priority,
 * without pre-empting anyone: the driver may call more often than a round (the ResourceManager's
 * round is seconds, Gavel's six minutes) and freed GPUs should not idle until the round ends.
 * Within a round the LP is solved again only when the set of jobs changes: the same jobs keep the
 * round's shares, so a call every few seconds costs a ranking, not a solve.
 *
 * <p><b>Space sharing.</b> The {@code -packed} objectives ({@link GavelObjectives.GavelObjective#sharesGpus()})
 * also weigh pairs of jobs on the same GPUs ({@link SharingCandidates}); a pair the round runs comes
 * out as two decisions on the same nodes, the later job's {@link JobPlan#sharesGpusOf()} naming the
 * earlier. Only a driver that runs two jobs on one GPU can put such a plan in force (the simulator);
 * the ResourceManager refuses these policies ({@code PolicyRegistry#withoutGpuSharing}).
 *
 * <p><b>State.</b> Unlike the stateless policies, it remembers how long each job has run on each
 * type ({@link ReceivedTime}) and the current round's assignment, so the plan depends on the calls
 * before it. It saves ({@link #saveState}) the time received under each key, when the round began
 * and when it last charged time, in {@link PolicyState#rounds()}; a restored instance finishes the
 * round instead of starting one at once and ranks as the saved one would. The round's assignment is
 * not saved: on its first call a restored instance takes each job's current allocation (its nodes'
 * type) as what ran, which is what the driver enforced, and charges the time since the last call to
 * it, the restart included (the jobs' containers kept running). Two jobs sharing GPUs are then
 * charged each alone, as an allocation does not say whose GPUs it shares; the ResourceManager, the
 * only driver that restarts, never shares GPUs.
 *
 * <p><b>Failures.</b> A solver failure or a problem it cannot solve never fails the round: the
 * round runs with no LP shares, which ranks jobs by arrival, and says so in each job's reason.
 */
public final class GavelPolicy implements LearningPolicy {

    /** Gavel's round length: six minutes. */
    public static final double DEFAULT_ROUND_SEC = 360;

    private final GavelObjectives.GavelObjective objective;
    private final TypeThroughputs throughputs;
    private final double roundSec;
    private final PlacementStrategy placement;

    private final ReceivedTime received = new ReceivedTime();
    private Map<String, String> running = new HashMap<>();
    private Set<String> present = new HashSet<>();
    private double lastCallSec = Double.NaN;
    private double roundStartSec = Double.NEGATIVE_INFINITY;
    private Solved solved;
    /** Set by {@link #restoreState}: the next call reads what runs from the jobs' allocations. */
    private boolean runningUnknown;

    /**
     * @param objective   one of {@link GavelObjectives}, which also names the policy
     * @param throughputs how it estimates each job's speed per GPU type
     * @param roundSec    the round length, {@link #DEFAULT_ROUND_SEC} in Gavel
     * @param placement   how a job that runs on a type is given nodes of that type
     */
    public GavelPolicy(GavelObjectives.GavelObjective objective, TypeThroughputs throughputs, double roundSec,
                       PlacementStrategy placement) {
        this.objective = Objects.requireNonNull(objective, "objective");
        this.throughputs = Objects.requireNonNull(throughputs, "throughputs");
        if (!(roundSec > 0) || Double.isInfinite(roundSec)) {
            throw new IllegalArgumentException("a Gavel round must be a positive number of seconds, got " + roundSec);
        }
        this.roundSec = roundSec;
        this.placement = Objects.requireNonNull(placement, "placement");
    }

    @Override
    public String name() {
        return objective.name();
    }

    public double roundSec() {
        return roundSec;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        double now = snapshot.timeSec();
        if (runningUnknown) {
            running = fromAllocations(snapshot, jobs);
            runningUnknown = false;
        }
        if (!Double.isNaN(lastCallSec)) {
            received.charge(now - lastCallSec, present, running);
        }
        lastCallSec = now;
        boolean newRound = now >= roundStartSec + roundSec;
        if (newRound) {
            roundStartSec = now;
        }
        List<String> ids = jobs.stream().map(JobView::id).toList();
        if (newRound || solved == null || !solved.jobIds().equals(ids)) {
            solved = solve(snapshot, jobs, ids);
        }
        // Within a round the same jobs keep the round's shares: only jobs come and go mid-round.
        RoundInput input = new RoundInput(solved.input().problem(), jobs, solved.input().gpusPerJob());
        TimeFractions shares = solved.shares();
        String solverFailure = solved.failure();
        present = keys(input);
        received.retainOnly(present);
        if (jobs.isEmpty()) {
            running = new HashMap<>();
            return Plan.of(now, name(), List.of());
        }

        Map<String, String> keep = newRound ? Map.of() : stillRunning(jobs);
        PriorityRound.Assigned[] assigned = PriorityRound.assign(input, shares, received, keep,
                NodeLedger.of(snapshot), placement);

        Map<String, JobPlan> decisions = new LinkedHashMap<>();
        Map<String, String> nowRunning = new HashMap<>();
        for (int j = 0; j < jobs.size(); j++) {
            String id = jobs.get(j).id();
            PriorityRound.Assigned got = assigned[j];
            String why = reason(shares, input, j, got, solverFailure);
            if (got.placement().isEmpty()) {
                decisions.put(id, JobPlan.waiting(id, why));
            } else {
                decisions.put(id, got.sharesGpusOf().isEmpty() ? JobPlan.placed(id, got.placement(), why)
                        : JobPlan.sharing(id, got.placement(), got.sharesGpusOf(), why));
                nowRunning.put(got.key(), got.gpuType());
            }
        }
        running = nowRunning;
        return Plan.inJobOrder(now, name(), jobs, decisions);
    }

    @Override
    public PolicyState saveState() {
        return new PolicyState(name(), Map.of(), new PolicyState.Rounds(received.saved(present), roundStartSec,
                lastCallSec));
    }

    @Override
    public Set<String> restoreState(PolicyState state) {
        if (!state.policy().equals(name())) {
            throw new IllegalArgumentException("policy " + name() + " cannot restore the state of " + state.policy());
        }
        PolicyState.Rounds rounds = state.rounds();
        Set<String> dropped = received.restore(rounds.received());
        present = new HashSet<>(rounds.received().keySet());
        present.removeAll(dropped);
        // A start no call could have made would stop rounds for good (+Infinity) or compare false (NaN).
        roundStartSec = rounds.roundStartSec() < Double.POSITIVE_INFINITY ? rounds.roundStartSec()
                : Double.NEGATIVE_INFINITY;
        lastCallSec = Double.isFinite(rounds.lastCallSec()) ? rounds.lastCallSec() : Double.NaN;
        running = new HashMap<>();
        solved = null;
        runningUnknown = true;
        return dropped;
    }

    /** Each job that holds nodes, all of one type, with that type: what ran, as far as allocations tell. */
    private static Map<String, String> fromAllocations(ClusterSnapshot snapshot, List<JobView> jobs) {
        Map<String, Node> nodes = snapshot.nodesById();
        Map<String, String> ran = new HashMap<>();
        for (JobView job : jobs) {
            Set<String> types = new HashSet<>();
            job.allocation().byNode().keySet().forEach(node -> types.add(
                    nodes.containsKey(node) ? nodes.get(node).acceleratorType() : null));
            if (types.size() == 1 && !types.contains(null)) {
                ran.put(PriorityRound.key(job.id()), types.iterator().next());
            }
        }
        return ran;
    }

    /** The LP's answer for a set of jobs, kept for the round unless the jobs change. */
    private record Solved(List<String> jobIds, RoundInput input, TimeFractions shares, String failure) {
    }

    private Solved solve(ClusterSnapshot snapshot, List<JobView> jobs, List<String> ids) {
        RoundInput input = RoundInput.of(snapshot, jobs, throughputs,
                objective.sharesGpus() ? SharingCandidates.DEFAULT_MAX_PARTNERS : 0);
        if (jobs.isEmpty()) {
            return new Solved(ids, input, TimeFractions.empty(), null);
        }
        try {
            TimeFractions shares = objective.solve(input.problem());
            if (!objective.heterogeneityAware()) {
                // Ranked as it was solved: an agnostic policy breaks ties without knowing which type is faster.
                input = new RoundInput(objective.objective().heterogeneityAgnostic(input.problem()), input.jobs(),
                        input.gpusPerJob());
            }
            return new Solved(ids, input, shares, null);
        } catch (RuntimeException e) {
            // Whatever the solver throws, the round goes on: see the class comment.
            return new Solved(ids, input, TimeFractions.zeros(jobs.size(), input.problem().gpuTypes().size()),
                    e.getMessage());
        }
    }

    /** The keys received time is kept under this round: each job's, and each pair's that may share GPUs. */
    private static Set<String> keys(RoundInput input) {
        Set<String> keys = new HashSet<>();
        for (JobView job : input.jobs()) {
            keys.add(PriorityRound.key(job.id()));
        }
        for (int p = 0; p < input.problem().pairCount(); p++) {
            SharingPair pair = input.problem().pair(p);
            keys.add(PriorityRound.key(input.jobs().get(pair.first()).id(), input.jobs().get(pair.second()).id()));
        }
        return keys;
    }

    /**
     * The jobs and pairs of the last assignment that still hold nodes, with their types: a pair's
     * key is in it when both its jobs still run.
     */
    private Map<String, String> stillRunning(List<JobView> jobs) {
        Set<String> holding = new HashSet<>();
        for (JobView job : jobs) {
            if (!job.allocation().isEmpty()) {
                holding.add(job.id());
            }
        }
        Map<String, String> keep = new HashMap<>();
        running.forEach((key, type) -> {
            if (holding.containsAll(PriorityRound.jobsOf(key))) {
                keep.put(key, type);
            }
        });
        return keep;
    }

    private static String reason(TimeFractions shares, RoundInput input, int j, PriorityRound.Assigned got,
                                 String solverFailure) {
        StringBuilder why = new StringBuilder();
        List<String> types = input.problem().gpuTypes();
        why.append("shares");
        for (int k = 0; k < types.size(); k++) {
            why.append(String.format(Locale.ROOT, " %s=%.2f", types.get(k), shares.of(j, k)));
        }
        if (got.placement().isEmpty()) {
            why.append("; waits this round");
        } else if (Double.isNaN(got.priority())) {
            why.append("; keeps ").append(got.gpuType()).append(" until the round ends");
        } else {
            why.append(String.format(Locale.ROOT, "; runs on %s, priority %.3g", got.gpuType(), got.priority()));
        }
        List<String> together = PriorityRound.jobsOf(got.key());
        if (!got.placement().isEmpty() && together.size() == 2) {
            why.append("; shares its GPUs (").append(together.get(0)).append(" with ").append(together.get(1))
                    .append(")");
        }
        if (solverFailure != null) {
            why.append("; no LP shares this round: ").append(solverFailure);
        }
        return why.toString();
    }
}
