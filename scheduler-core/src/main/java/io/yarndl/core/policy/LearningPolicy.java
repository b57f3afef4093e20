package io.yarndl.core.policy;

/**
 * A policy that learns while it runs (fitted models, say) and can hand what it learned to a fresh
 * instance of itself: the ResourceManager that restarts, or the standby that becomes active, then
 * plans as the old one would have instead of learning every job again from scratch.
 *
 * <p>Both calls are made by the driver between rounds, on the thread that runs {@link #plan}; a
 * policy need not be thread-safe for them.
 */
public interface LearningPolicy extends SchedulingPolicy {

    /** What it has learned so far, detached from the policy: later rounds do not change it. */
    PolicyState saveState();

    /**
     * Replaces what it has learned with {@code state}. Entries it cannot use (a model form it does
     * not know, parameters its models refuse) are dropped, and those jobs are learned again from
     * their samples; the names of the dropped jobs are returned so that the driver can report them.
     *
     * @return the ids of the jobs whose entries were dropped, empty when everything was restored
     * @throws IllegalArgumentException when {@code state} was saved by another policy
     */
    java.util.Set<String> restoreState(PolicyState state);
}
