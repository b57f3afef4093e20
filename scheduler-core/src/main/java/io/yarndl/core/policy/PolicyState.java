package io.yarndl.core.policy;

import io.yarndl.core.job.TaskCount;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a {@link LearningPolicy} has learned, as plain values a driver can store and give back:
 * per job, the fitted loss curve and speed model and when they were fitted. Immutable.
 *
 * @param policy the name of the policy that saved it
 * @param jobs   by job id
 */
public record PolicyState(String policy, Map<String, FittedJob> jobs) {

    public PolicyState {
        Objects.requireNonNull(policy, "policy");
        jobs = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(jobs, "jobs")));
    }

    /**
     * One job's fitted models and the point they were fitted at, which decides when they are
     * refitted.
     *
     * @param curve                the fitted loss curve, or null when none fits yet
     * @param speed                the fitted speed model, or null when none fits yet
     * @param fittedStep           the job's step at the last curve fit
     * @param fittedSamples        how many samples the job had at the last fit
     * @param fittedUpTo           time (s) of the newest sample at the last fit; -Infinity with none
     * @param fittedConfigurations the (workers, PS) sizes the last speed fit had seen
     */
    public record FittedJob(Curve curve, Speed speed, long fittedStep, int fittedSamples, double fittedUpTo,
                            List<TaskCount> fittedConfigurations) {

        public FittedJob {
            fittedConfigurations = List.copyOf(Objects.requireNonNull(fittedConfigurations, "fittedConfigurations"));
        }
    }

    /**
     * A fitted loss curve {@code l(k) / lossScale = 1 / (b0 k + b1) + b2}.
     *
     * @param samplesUsed how many samples the fit kept
     */
    public record Curve(double b0, double b1, double b2, double lossScale, int samplesUsed) {
    }

    /**
     * A fitted speed model.
     *
     * @param form         which formula, e.g. {@code all-reduce}, {@code sync-ps}, {@code async-ps}
     * @param coefficients its coefficients in the order the formula names them
     * @param globalBatch  the reference global batch the formula is written for (0 when it has none)
     */
    public record Speed(String form, List<Double> coefficients, int globalBatch) {

        public Speed {
            Objects.requireNonNull(form, "form");
            coefficients = List.copyOf(Objects.requireNonNull(coefficients, "coefficients"));
        }
    }
}
