package io.yarndl.core.policy.drf;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * Dominant Resource Fairness across users (Ghodsi et al., "Dominant Resource Fairness: Fair
 * Allocation of Multiple Resource Types", NSDI'11), with jobs as the unit of allocation: the
 * fairness baseline of the Optimus (Peng et al., EuroSys'18) and DL2 evaluations.
 *
 * <p>A user's dominant share is the largest fraction of any one resource (GPUs, vcores, memory)
 * of {@link ClusterSnapshot#totalCapacity()} that its jobs hold. Jobs are not elastic: each runs
 * at its requested size ({@link JobSpec#requestedWorkers()}, {@link JobSpec#requestedPs()}), and
 * running jobs keep their allocation (no preemption), so their demand counts towards their user's
 * share first. Then progressive filling: repeatedly the user with the lowest dominant share who
 * still has a queued job that fits starts its oldest queued job that fits, until no queued job
 * fits. Ties between users go to the one whose oldest queued job arrived first, then to the user
 * name; a user's jobs go by submit time, then id. Nodes come from the {@link PlacementStrategy}
 * given at construction, {@link PackingPlacement} by default.
 *
 * <p>A job that does not fit is not tried again in the same round: free resources only shrink
 * while a round goes on. With one job per user, every queued user's share is 0 and the policy
 * degenerates to smallest-share-first backfilling: any job that fits starts, oldest first,
 * whatever waits ahead of it.
 *
 * <p>A running job whose allocation the snapshot can no longer hold (its node was lost) is queued
 * again like any other job of its user.
 */
public final class DrfPolicy implements SchedulingPolicy {

    public static final String NAME = "drf";

    private static final Comparator<UserQueue> LOWEST_SHARE_FIRST =
            Comparator.<UserQueue>comparingDouble(user -> user.share)
                    .thenComparingDouble(user -> user.queued.peekFirst().submitTimeSec())
                    .thenComparing(user -> user.name);

    private final PlacementStrategy placement;

    public DrfPolicy() {
        this(new PackingPlacement());
    }

    public DrfPolicy(PlacementStrategy placement) {
        this.placement = Objects.requireNonNull(placement, "placement");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        Resources capacity = snapshot.totalCapacity();
        NodeLedger ledger = NodeLedger.of(snapshot);
        List<JobView> byArrival = new ArrayList<>(jobs);
        byArrival.sort(JobView.BY_ARRIVAL);
        Map<String, JobPlan> decisions = new HashMap<>();
        Map<String, UserQueue> users = new TreeMap<>();
        for (JobView job : byArrival) {
            JobSpec spec = job.spec();
            UserQueue user = users.computeIfAbsent(spec.user(), UserQueue::new);
            if (job.isRunning()
                    && ledger.reserveIfFits(job.allocation(), spec.workerDemand(), spec.psDemand(), spec.modelFamily())) {
                user.charge(spec.demandOf(job.allocation().tasks()), capacity);
                decisions.put(job.id(), JobPlan.placed(job.id(), job.allocation(), "running; DRF does not preempt"));
            } else {
                user.queued.addLast(job);
            }
        }
        PriorityQueue<UserQueue> lowestShare = new PriorityQueue<>(LOWEST_SHARE_FIRST);
        users.values().stream().filter(user -> !user.queued.isEmpty()).forEach(lowestShare::add);
        while (!lowestShare.isEmpty()) {
            UserQueue user = lowestShare.poll();
            String shareBefore = format(user.share);
            while (!user.queued.isEmpty()) {
                JobView job = user.queued.pollFirst();
                JobSpec spec = job.spec();
                Optional<Allocation> placed = placement.place(ledger,
                        PlacementRequest.of(spec, spec.requestedWorkers(), spec.requestedPs(), job.allocation()));
                if (placed.isPresent()) {
                    user.charge(spec.demandOf(placed.get().tasks()), capacity);
                    decisions.put(job.id(), JobPlan.placed(job.id(), placed.get(), "user " + user.name
                            + " had the lowest dominant share (" + shareBefore + ") with a job that fits"));
                    break;
                }
                decisions.put(job.id(), JobPlan.waiting(job.id(), spec.requestedDemand() + " does not fit by "
                        + placement.name() + " placement; user " + user.name + "'s dominant share is "
                        + shareBefore));
            }
            // Re-queued only now, with its new share: the heap orders by a key that must not change inside it.
            if (!user.queued.isEmpty()) {
                lowestShare.add(user);
            }
        }
        return Plan.inJobOrder(snapshot.timeSec(), NAME, jobs, decisions);
    }

    private static String format(double share) {
        return String.format(Locale.ROOT, "%.3f", share);
    }

    /** One user's running usage and queued jobs during one round; mutable scratch. */
    private static final class UserQueue {
        private final String name;
        private final Deque<JobView> queued = new ArrayDeque<>();
        private Resources usage = Resources.ZERO;
        private double share;

        private UserQueue(String name) {
            this.name = name;
        }

        private void charge(Resources demand, Resources capacity) {
            usage = usage.plus(demand);
            share = usage.dominantShare(capacity);
        }
    }
}
