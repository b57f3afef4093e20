package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * A {@link SchedulerCheckpoint} as Jackson maps it, in the layout documented on
 * {@link CheckpointCodec}. Records of their own rather than the core records annotated, so that a
 * change to a core record cannot silently change the stored format; field order is the stored order.
 * Converting back names the path of any value a core record's constructor refuses.
 */
record CheckpointJson(int format, long writtenAtMillis, String policy, @JsonSetter(nulls = Nulls.SET) String modelVersion,
                      long rounds, PlanJson plan, @JsonSetter(nulls = Nulls.SET) PolicyStateJson policyState,
                      Map<String, SamplesJson> samples, CarriedOverJson carriedOver) {

    static CheckpointJson of(SchedulerCheckpoint checkpoint) {
        Map<String, SamplesJson> samples = new LinkedHashMap<>();
        checkpoint.samples().forEach((job, history) -> samples.put(job, SamplesJson.of(history)));
        return new CheckpointJson(checkpoint.format(), checkpoint.writtenAtMillis(), checkpoint.policy(),
                checkpoint.modelVersion(), checkpoint.rounds(), PlanJson.of(checkpoint.plan()),
                checkpoint.policyState() == null ? null : PolicyStateJson.of(checkpoint.policyState()), samples,
                CarriedOverJson.of(checkpoint.carriedOver()));
    }

    SchedulerCheckpoint toCheckpoint() throws JsonProblem {
        Map<String, JobSamples> histories = new TreeMap<>();
        for (Map.Entry<String, SamplesJson> job : samples.entrySet()) {
            histories.put(job.getKey(), job.getValue().toJobSamples("samples." + job.getKey()));
        }
        PolicyState state = policyState == null ? null : policyState.toPolicyState();
        Plan inForce = plan.toPlan();
        CarriedOver carried = constructed(CarriedOverJson.FIELD, carriedOver::toCarriedOver);
        return constructed("", () -> new SchedulerCheckpoint(format, writtenAtMillis, policy, modelVersion, rounds, inForce,
                state, histories, carried));
    }

    /** {@code construction}, a core record's constructor; what it refuses is a problem naming {@code at}. */
    static <T> T constructed(String at, Supplier<T> construction) throws JsonProblem {
        try {
            return construction.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw JsonProblem.atField(at, "refused: " + e.getMessage());
        }
    }
}
