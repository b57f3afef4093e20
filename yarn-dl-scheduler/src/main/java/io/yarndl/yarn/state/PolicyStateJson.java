package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.PolicyState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checkpoint's {@code policyState}: what the policy learned of each job, by application id
 * (Optimus), and its round bookkeeping (Gavel; format 4 on). A job's {@code curve} and
 * {@code speed} are {@code null} until fitted.
 */
record PolicyStateJson(String policy, Map<String, FittedJob> jobs, Rounds rounds) {

    /** The field format 4 added, and the value a state of an older format reads with. */
    static final String ROUNDS_FIELD = "rounds";
    static final Rounds NO_ROUNDS = Rounds.of(PolicyState.Rounds.NONE);

    record FittedJob(@JsonSetter(nulls = Nulls.SET) Curve curve, @JsonSetter(nulls = Nulls.SET) Speed speed,
                     long fittedStep, int fittedSamples, double fittedUpTo, List<PlanJson.Count> fittedConfigurations) {

        static FittedJob of(PolicyState.FittedJob job) {
            return new FittedJob(job.curve() == null ? null : Curve.of(job.curve()),
                    job.speed() == null ? null : Speed.of(job.speed()), job.fittedStep(), job.fittedSamples(),
                    job.fittedUpTo(), job.fittedConfigurations().stream().map(PlanJson.Count::of).toList());
        }

        PolicyState.FittedJob toFittedJob(String at) throws JsonProblem {
            PolicyState.Curve fittedCurve = curve == null ? null : CheckpointJson.constructed(at + ".curve",
                    () -> new PolicyState.Curve(curve.b0, curve.b1, curve.b2, curve.lossScale, curve.samplesUsed));
            PolicyState.Speed fittedSpeed = speed == null ? null : CheckpointJson.constructed(at + ".speed",
                    () -> new PolicyState.Speed(speed.form, speed.coefficients, speed.globalBatch));
            List<TaskCount> configurations = new ArrayList<>(fittedConfigurations.size());
            for (int i = 0; i < fittedConfigurations.size(); i++) {
                configurations.add(fittedConfigurations.get(i).toTaskCount(at + ".fittedConfigurations[" + i + "]"));
            }
            return CheckpointJson.constructed(at, () -> new PolicyState.FittedJob(fittedCurve, fittedSpeed, fittedStep,
                    fittedSamples, fittedUpTo, configurations));
        }
    }

    /** A fitted convergence curve (Optimus). */
    record Curve(double b0, double b1, double b2, double lossScale, int samplesUsed) {

        static Curve of(PolicyState.Curve curve) {
            return new Curve(curve.b0(), curve.b1(), curve.b2(), curve.lossScale(), curve.samplesUsed());
        }
    }

    /** A fitted speed model: its form's name and coefficients. */
    record Speed(String form, List<Double> coefficients, int globalBatch) {

        static Speed of(PolicyState.Speed speed) {
            return new Speed(speed.form(), speed.coefficients(), speed.globalBatch());
        }
    }

    /** Gavel's round bookkeeping: when the round began, the last call, the time received by key. */
    record Rounds(double roundStartSec, double lastCallSec, Map<String, Received> received) {

        static Rounds of(PolicyState.Rounds rounds) {
            Map<String, Received> received = new LinkedHashMap<>();
            rounds.received().forEach((key, time) -> received.put(key,
                    new Received(time.inSystemSec(), time.onTypeSec())));
            return new Rounds(rounds.roundStartSec(), rounds.lastCallSec(), received);
        }

        PolicyState.Rounds toRounds() throws JsonProblem {
            Map<String, PolicyState.Received> times = new LinkedHashMap<>();
            for (Map.Entry<String, Received> entry : received.entrySet()) {
                Received time = entry.getValue();
                times.put(entry.getKey(), CheckpointJson.constructed("policyState.rounds.received." + entry.getKey(),
                        () -> new PolicyState.Received(time.inSystemSec, time.onTypeSec)));
            }
            return CheckpointJson.constructed("policyState.rounds",
                    () -> new PolicyState.Rounds(times, roundStartSec, lastCallSec));
        }
    }

    /** The time one key received: in the system, and on each GPU type. */
    record Received(double inSystemSec, Map<String, Double> onTypeSec) {
    }

    static PolicyStateJson of(PolicyState state) {
        Map<String, FittedJob> jobs = new LinkedHashMap<>();
        state.jobs().forEach((id, job) -> jobs.put(id, FittedJob.of(job)));
        return new PolicyStateJson(state.policy(), jobs, Rounds.of(state.rounds()));
    }

    PolicyState toPolicyState() throws JsonProblem {
        Map<String, PolicyState.FittedJob> fitted = new LinkedHashMap<>();
        for (Map.Entry<String, FittedJob> job : jobs.entrySet()) {
            fitted.put(job.getKey(), job.getValue().toFittedJob("policyState.jobs." + job.getKey()));
        }
        PolicyState.Rounds bookkeeping = rounds.toRounds();
        return CheckpointJson.constructed("policyState", () -> new PolicyState(policy, fitted, bookkeeping));
    }
}
