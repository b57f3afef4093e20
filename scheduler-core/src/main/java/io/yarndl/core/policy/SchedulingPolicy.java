package io.yarndl.core.policy;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import java.util.List;

/**
 * The one extension point every scheduling policy implements, and the only thing the two drivers
 * (the YARN scheduler plugin and the simulator) call.
 *
 * <p>A policy is a pure function of its input: the same snapshot and jobs give the same plan
 * (randomness only from a seed it was built with). It never sleeps, never does I/O and never
 * touches Hadoop classes. It may memoise work keyed by its input (fitted models, say) as long as
 * the plan stays a function of the input.
 */
public interface SchedulingPolicy {

    /** The name it is registered under, e.g. {@code optimus}. */
    String name();

    /**
     * Decides every job's target size and, where the policy places, its nodes.
     *
     * @param snapshot the cluster now; {@code Node.available} is what may be divided
     * @param jobs     every active (queued or running) job the policy owns, in submission order
     * @return a plan with one entry per job in {@code jobs}; zero workers means "wait"
     */
    Plan plan(ClusterSnapshot snapshot, List<JobView> jobs);
}
