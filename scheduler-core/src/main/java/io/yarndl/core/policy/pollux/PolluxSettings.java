package io.yarndl.core.policy.pollux;

/**
 * Pollux's knobs, each a scheduler configuration key ({@code yarn.dl.scheduler.pollux.*},
 * docs/configuration.md) and a simulator option.
 *
 * @param fairnessP       the power p of the generalised mean of the jobs' speedups the plan maximises:
 *                        1 their sum (throughput), lower values fairer, towards max-min fairness as
 *                        p falls; 0 the geometric mean. In [{@value PowerMean#MIN_P}, {@value PowerMean#MAX_P}]
 * @param restartPriorSec seconds a resize is assumed to cost a job until its own resizes were measured
 *                        (Pollux's simulator: 30); weighs every change of a running job's allocation
 * @param solverSeconds   CP-SAT's deterministic time budget per plan (its own unit, close to seconds)
 * @param solverMaxOptions most sizes, over all jobs, a round may weigh for CP-SAT to be run on it;
 *                        a larger round keeps the marginal-gain choice ({@link ChoiceProgram})
 */
public record PolluxSettings(double fairnessP, double restartPriorSec, double solverSeconds, int solverMaxOptions) {

    /** The paper's settings: p = -1, a 30 s resize. */
    public static final PolluxSettings DEFAULT = new PolluxSettings(PolluxDefaults.FAIRNESS_P,
            PolluxDefaults.RESTART_PRIOR_SEC, PolluxDefaults.SOLVER_SECONDS, PolluxDefaults.SOLVER_MAX_OPTIONS);

    /** The defaults as constants, for annotations that need them (picocli's). */
    public static final class PolluxDefaults {
        public static final double FAIRNESS_P = -1.0;
        public static final double RESTART_PRIOR_SEC = 30.0;
        public static final double SOLVER_SECONDS = 0.2;
        public static final int SOLVER_MAX_OPTIONS = 3_000;

        private PolluxDefaults() {
        }
    }

    public PolluxSettings {
        PowerMean.check(fairnessP);
        if (!(restartPriorSec >= 0) || Double.isInfinite(restartPriorSec)) {
            throw new IllegalArgumentException("Pollux's restart prior must be a finite number of seconds >= 0, got "
                    + restartPriorSec);
        }
        if (!(solverSeconds > 0) || Double.isInfinite(solverSeconds)) {
            throw new IllegalArgumentException("Pollux's solver budget must be a positive number of seconds, got "
                    + solverSeconds);
        }
        if (solverMaxOptions < 0) {
            throw new IllegalArgumentException("Pollux's solver option limit must be >= 0, got " + solverMaxOptions);
        }
    }
}
