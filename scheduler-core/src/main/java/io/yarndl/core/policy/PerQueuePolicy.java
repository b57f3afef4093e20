package io.yarndl.core.policy;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Divides each queue's room among that queue's jobs only, so that two DL leaf queues (two teams,
 * say) each get their CapacityScheduler share divided by the policy, the way CapacityScheduler
 * itself keeps queues apart. Any policy is run as is, once per queue of
 * {@link ClusterSnapshot#queueRooms()} in their order, on a snapshot that holds that queue's room
 * alone and the nodes less what the queues planned before it took. Jobs of a queue without a room
 * wait. A snapshot without queue rooms (the simulator) is planned in one call, as before.
 *
 * <p>Each queue gets an instance of its own: a policy that learns per job (Optimus) forgets the
 * jobs it is not given, and one shared instance would refit every queue's jobs every round. Their
 * learned states (and the time each job received, for Gavel) are disjoint by job and are saved as
 * one ({@link Learning}).
 */
public class PerQueuePolicy implements SchedulingPolicy {

    /** The instance's key when the snapshot limits no queue. */
    private static final String WHOLE_CLUSTER = "";

    private final Supplier<? extends SchedulingPolicy> factory;
    private final String name;
    private final Map<String, SchedulingPolicy> byQueue = new LinkedHashMap<>();
    /** The instance made to learn the name, handed to the first queue that plans. */
    private SchedulingPolicy spare;

    PerQueuePolicy(Supplier<? extends SchedulingPolicy> factory, SchedulingPolicy first) {
        this.factory = factory;
        this.spare = first;
        this.name = first.name();
    }

    /** Runs the policies {@code factory} makes per queue; a {@link LearningPolicy} when they learn. */
    public static SchedulingPolicy of(Supplier<? extends SchedulingPolicy> factory) {
        SchedulingPolicy first = Objects.requireNonNull(factory.get(), "policy");
        return first instanceof LearningPolicy ? new Learning(factory, first) : new PerQueuePolicy(factory, first);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        if (!snapshot.limitsQueues()) {
            return instanceFor(WHOLE_CLUSTER).plan(snapshot, jobs);
        }
        Map<String, Resources> pool = new LinkedHashMap<>();
        for (Node node : snapshot.nodes()) {
            pool.put(node.id(), node.available());
        }
        Map<String, JobPlan> decisions = new HashMap<>();
        for (Map.Entry<String, Resources> room : snapshot.queueRooms().entrySet()) {
            List<JobView> mine = jobs.stream().filter(job -> job.spec().queue().equals(room.getKey())).toList();
            if (mine.isEmpty()) {
                continue;
            }
            ClusterSnapshot part = new ClusterSnapshot(snapshot.timeSec(), nodesWith(snapshot, pool),
                    Map.of(room.getKey(), room.getValue()));
            Plan plan = instanceFor(room.getKey()).plan(part, mine);
            // Checked here, before its nodes are charged: a later queue must not plan on room this one over-took.
            PlanValidator.check(plan, part, mine.stream().map(JobView::spec).toList());
            charge(pool, plan, mine);
            decisions.putAll(plan.jobs());
        }
        for (JobView job : jobs) {
            decisions.computeIfAbsent(job.id(), id -> JobPlan.waiting(id,
                    "queue " + job.spec().queue() + " has no room for deep-learning jobs"));
        }
        return Plan.inJobOrder(snapshot.timeSec(), name, jobs, decisions);
    }

    SchedulingPolicy instanceFor(String queue) {
        return byQueue.computeIfAbsent(queue, q -> {
            if (spare != null) {
                SchedulingPolicy made = spare;
                spare = null;
                return made;
            }
            SchedulingPolicy made = factory.get();
            prepare(made);
            return made;
        });
    }

    /** Every instance made so far, the one no queue has taken yet included. */
    List<SchedulingPolicy> instances() {
        List<SchedulingPolicy> all = new ArrayList<>(byQueue.values());
        if (spare != null) {
            all.add(spare);
        }
        return all;
    }

    /** Gets a newly made instance ready before it first plans; the learning variant restores what was learned. */
    void prepare(SchedulingPolicy fresh) {
    }

    private static List<Node> nodesWith(ClusterSnapshot snapshot, Map<String, Resources> pool) {
        List<Node> nodes = new ArrayList<>(snapshot.nodes().size());
        for (Node node : snapshot.nodes()) {
            nodes.add(new Node(node.id(), node.rack(), node.acceleratorType(), node.capacity(),
                    pool.get(node.id()).atLeastZero().min(node.capacity())));
        }
        return nodes;
    }

    private static void charge(Map<String, Resources> pool, Plan plan, List<JobView> jobs) {
        for (JobView job : jobs) {
            JobPlan decision = plan.target(job.id());
            if (!decision.runs()) {
                continue;
            }
            JobSpec spec = job.spec();
            for (Map.Entry<String, TaskCount> entry : decision.placement().byNode().entrySet()) {
                pool.computeIfPresent(entry.getKey(), (id, free) -> free.minus(spec.demandOf(entry.getValue())));
            }
        }
    }

    /**
     * A learning policy run per queue: what every queue's instance learned is saved as one state
     * (the jobs of two queues never overlap), and a restored state is given to every instance,
     * those made later included; each keeps the jobs it is given and drops the rest.
     */
    static final class Learning extends PerQueuePolicy implements LearningPolicy {

        private PolicyState restored;

        Learning(Supplier<? extends SchedulingPolicy> factory, SchedulingPolicy first) {
            super(factory, first);
        }

        @Override
        public PolicyState saveState() {
            Map<String, PolicyState.FittedJob> jobs = new HashMap<>();
            PolicyState.Rounds rounds = PolicyState.Rounds.NONE;
            for (SchedulingPolicy policy : instances()) {
                PolicyState state = ((LearningPolicy) policy).saveState();
                jobs.putAll(state.jobs());
                rounds = rounds.with(state.rounds());
            }
            return new PolicyState(name(), jobs, rounds);
        }

        @Override
        public Set<String> restoreState(PolicyState state) {
            restored = state;
            Set<String> dropped = new TreeSet<>();
            for (SchedulingPolicy policy : instances()) {
                dropped.addAll(((LearningPolicy) policy).restoreState(state));
            }
            return dropped;
        }

        @Override
        void prepare(SchedulingPolicy fresh) {
            if (restored != null) {
                ((LearningPolicy) fresh).restoreState(restored);
            }
        }
    }
}
