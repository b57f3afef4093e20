package io.yarndl.yarn.status;

import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.round.DlJobState;
import java.util.Objects;

/**
 * The last a round saw of one DL job, kept after the job ended so people can still read it.
 *
 * @param state      its spec, containers and progress samples at that round
 * @param fitted     what the policy had fitted for it then, or null (the policy keeps no models,
 *                   or has none for this job yet)
 * @param lastSeenSec the round's time, epoch seconds
 * @param live       whether the latest round saw it (false once it ended or left the DL queues)
 */
public record JobRecord(DlJobState state, PolicyState.FittedJob fitted, double lastSeenSec, boolean live) {

    public JobRecord {
        Objects.requireNonNull(state, "state");
    }

    public String id() {
        return state.id();
    }

    JobRecord ended() {
        return live ? new JobRecord(state, fitted, lastSeenSec, false) : this;
    }
}
