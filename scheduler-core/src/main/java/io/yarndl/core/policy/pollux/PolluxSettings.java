package io.yarndl.core.policy.pollux;

import io.yarndl.core.policy.resize.ResizeSettings.ResizeDefaults;

/**
 * Pollux's knobs, each a scheduler configuration key ({@code yarn.dl.scheduler.pollux.*},
 * docs/configuration.md) and a simulator option, but for the restart prior, which is the one every
 * restart-weighing policy shares ({@code yarn.dl.scheduler.resize.prior-restart-sec},
 * {@link io.yarndl.core.policy.resize.ResizeSettings#priorRestartSec}).
 *
 * @param fairnessP       the power p of the generalised mean of the jobs' speedups the plan maximises:
 *                        1 their sum (throughput), lower values fairer, towards max-min fairness as
 *                        p falls; 0 the geometric mean. In [{@value PowerMean#MIN_P}, {@value PowerMean#MAX_P}]
 * @param restartPriorSec seconds a resize is assumed to cost a job until its own resizes were measured
 *                        (the shared prior, 5 s; Pollux's simulator charged a flat 30); weighs every
 *                        change of a running job's allocation
 * @param solverSeconds   CP-SAT's deterministic time budget per plan (its own unit, close to seconds)
 * @param solverMaxOptions most sizes, over all jobs, a round may weigh for CP-SAT to be run on it;
 *                        a larger round keeps the marginal-gain choice ({@link ChoiceProgram})
 */
public record PolluxSettings(double fairnessP, double restartPriorSec, double solverSeconds, int solverMaxOptions) {

    /** The paper's p = -1, with the shared 5 s restart prior. */
    public static final PolluxSettings DEFAULT = new PolluxSettings(PolluxDefaults.FAIRNESS_P,
            PolluxDefaults.RESTART_PRIOR_SEC, PolluxDefaults.SOLVER_SECONDS, PolluxDefaults.SOLVER_MAX_OPTIONS);

    /** The defaults as constants, for annotations that need them (picocli's). */
    public static final class PolluxDefaults {
        public static final double FAIRNESS_P = -1.0;
        public static final double RESTART_PRIOR_SEC = ResizeDefaults.PRIOR_RESTART_SEC;
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
