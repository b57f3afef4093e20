package io.yarndl.core.policy;

import io.yarndl.core.job.TaskCount;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a {@link LearningPolicy} has learned, as plain values a driver can store and give back:
 * per job, the fitted loss curve and speed model and when they were fitted (Optimus); and the time
 * each job received and where the round stands (Gavel). Each policy reads its own part and ignores
 * the other. Immutable.
 *
 * @param policy the name of the policy that saved it
 * @param jobs   fitted models by job id
 * @param rounds a round-based policy's bookkeeping, {@link Rounds#NONE} for the others
 */
public record PolicyState(String policy, Map<String, FittedJob> jobs, Rounds rounds) {

    public PolicyState {
        Objects.requireNonNull(policy, "policy");
        jobs = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(jobs, "jobs")));
        Objects.requireNonNull(rounds, "rounds");
    }

    /** The state of a policy that keeps no round bookkeeping (Optimus). */
    public PolicyState(String policy, Map<String, FittedJob> jobs) {
        this(policy, jobs, Rounds.NONE);
    }

    /**
     * What Gavel's round mechanism keeps between calls: the time received under each key (a job's
     * id, or {@code host|guest} for two jobs sharing GPUs), the denominators of its priorities; when
     * the current round began, so that a restored policy finishes it instead of starting one at once;
     * and when it last charged time, so that the time up to its first call after a restart is charged.
     *
     * @param received      by key
     * @param roundStartSec when the current round began; -Infinity before the first
     * @param lastCallSec   the time of the last call, up to which time was charged; NaN before the first
     */
    public record Rounds(Map<String, Received> received, double roundStartSec, double lastCallSec) {

        /** No round yet. */
        public static final Rounds NONE = new Rounds(Map.of(), Double.NEGATIVE_INFINITY, Double.NaN);

        public Rounds {
            received = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(received, "received")));
        }

        /**
         * Two disjoint sets of keys as one (the instances of {@link PerQueuePolicy}); the round start
         * and last call are the later of the two, as rounds of all queues run on the same calls.
         */
        public Rounds with(Rounds other) {
            Map<String, Received> all = new TreeMap<>(received);
            all.putAll(other.received);
            return new Rounds(all, Math.max(roundStartSec, other.roundStartSec), later(lastCallSec, other.lastCallSec));
        }

        private static double later(double a, double b) {
            return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
        }
    }

    /**
     * The time one key has received since the policy first saw it.
     *
     * @param inSystemSec how long it has been in the system
     * @param onTypeSec   how long it has run on each GPU type, by type
     */
    public record Received(double inSystemSec, Map<String, Double> onTypeSec) {

        public Received {
            onTypeSec = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(onTypeSec, "onTypeSec")));
            onTypeSec.values().forEach(seconds -> Objects.requireNonNull(seconds, "seconds on a type"));
        }
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
