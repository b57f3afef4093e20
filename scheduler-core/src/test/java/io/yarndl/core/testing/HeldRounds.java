package io.yarndl.core.testing;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.SchedulingPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * Plays one job through rounds of a policy as a driver would, the job holding each round what the
 * previous plan placed, with the samples it had: a job whose restart outlasts a round (ImageNet's
 * 250 s and more against 60 s rounds) reports nothing new while the policy keeps resizing it. Says
 * how many workers it held each round, to count how often the policy changed its size.
 */
public final class HeldRounds {

    private HeldRounds() {
    }

    /** The worker counts {@code job} holds in rounds 1 to {@code rounds}, starting from what it holds. */
    public static List<Integer> play(SchedulingPolicy policy, ClusterSnapshot cluster, JobView job, int rounds) {
        Allocation held = job.allocation();
        List<Integer> sizes = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            JobView current = new JobView(job.spec(), job.submitTimeSec(), held, job.samples(), job.restarts());
            ClusterSnapshot snapshot = new ClusterSnapshot(cluster.timeSec() + 60.0 * (r + 1), cluster.nodes(),
                    cluster.queueRooms());
            held = policy.plan(snapshot, List.of(current)).target(job.id()).placement();
            sizes.add(held.workers());
        }
        return sizes;
    }

    /** How many times consecutive entries of {@code sizes} differ. */
    public static int changes(List<Integer> sizes) {
        int changes = 0;
        for (int i = 1; i < sizes.size(); i++) {
            if (!sizes.get(i).equals(sizes.get(i - 1))) {
                changes++;
            }
        }
        return changes;
    }
}
