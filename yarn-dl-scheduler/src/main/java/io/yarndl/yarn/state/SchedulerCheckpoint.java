package io.yarndl.yarn.state;

import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What the scheduler keeps in ZooKeeper so that a restarted ResourceManager, or a standby that
 * becomes active, plans as the old one would have (ARCHITECTURE.md, "ZooKeeper layout",
 * {@code scheduler/state}): the plan in force, what the policy learned, and each job's progress
 * samples, which ZooKeeper's job records hold only the latest of. Immutable; {@code samples} is
 * kept in job id order so that equal checkpoints encode to equal bytes.
 *
 * @param format          the layout this value was written in; {@link #CURRENT_FORMAT} for new ones
 * @param writtenAtMillis when the scheduler made it, milliseconds since the epoch
 * @param policy          the name of the policy that was running
 * @param modelVersion    the active DL2 model's id, or null when the policy uses none
 * @param rounds          scheduling rounds run so far, at least 0
 * @param plan            the plan in force
 * @param policyState     what the policy learned, or null when the policy learns nothing
 * @param samples         each job's sample history, by application id
 * @param carriedOver     where DL jobs ran and the REST histories (format 2 on; {@link CarriedOver#NONE} from format 1)
 */
public record SchedulerCheckpoint(int format, long writtenAtMillis, String policy, String modelVersion, long rounds,
                                  Plan plan, PolicyState policyState, Map<String, JobSamples> samples,
                                  CarriedOver carriedOver) {

    /**
     * The format this scheduler writes; formats 1 (no {@code carriedOver}, read as carrying nothing
     * over), 2 (samples without their GPU type, read as untagged), 3 (no Gavel round bookkeeping
     * in the policy state, read as nothing received) and 4 (samples without their batch size and
     * noise scale, read as saying neither; no resizes measured) are read too.
     */
    public static final int CURRENT_FORMAT = 5;

    public SchedulerCheckpoint {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(samples, "samples");
        Objects.requireNonNull(carriedOver, "carriedOver");
        if (rounds < 0) {
            throw new IllegalArgumentException("rounds must not be negative, got " + rounds);
        }
        TreeMap<String, JobSamples> sorted = new TreeMap<>();
        samples.forEach((job, history) -> sorted.put(Objects.requireNonNull(job, "job id"),
                Objects.requireNonNull(history, () -> "samples of " + job)));
        samples = Collections.unmodifiableSortedMap(sorted);
    }

    /** A checkpoint that carries nothing over. */
    public SchedulerCheckpoint(int format, long writtenAtMillis, String policy, String modelVersion, long rounds,
                               Plan plan, PolicyState policyState, Map<String, JobSamples> samples) {
        this(format, writtenAtMillis, policy, modelVersion, rounds, plan, policyState, samples, CarriedOver.NONE);
    }

    /** A checkpoint in the {@link #CURRENT_FORMAT} that carries nothing over. */
    public static SchedulerCheckpoint current(long writtenAtMillis, String policy, String modelVersion, long rounds,
                                              Plan plan, PolicyState policyState, Map<String, JobSamples> samples) {
        return current(writtenAtMillis, policy, modelVersion, rounds, plan, policyState, samples, CarriedOver.NONE);
    }

    /** A checkpoint in the {@link #CURRENT_FORMAT}. */
    public static SchedulerCheckpoint current(long writtenAtMillis, String policy, String modelVersion, long rounds,
                                              Plan plan, PolicyState policyState, Map<String, JobSamples> samples,
                                              CarriedOver carriedOver) {
        return new SchedulerCheckpoint(CURRENT_FORMAT, writtenAtMillis, policy, modelVersion, rounds, plan,
                policyState, samples, carriedOver);
    }

    /** This checkpoint with other samples; everything else is kept. */
    public SchedulerCheckpoint withSamples(Map<String, JobSamples> newSamples) {
        return new SchedulerCheckpoint(format, writtenAtMillis, policy, modelVersion, rounds, plan, policyState,
                newSamples, carriedOver);
    }
}
