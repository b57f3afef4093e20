package io.yarndl.core.policy.sia;

import io.yarndl.core.policy.pollux.PowerMean;
import io.yarndl.core.policy.resize.ResizeSettings.ResizeDefaults;

/**
 * Sia's knobs, each a scheduler configuration key ({@code yarn.dl.scheduler.sia.*},
 * docs/configuration.md) and a simulator option, but for the restart prior, which is the one every
 * restart-weighing policy shares ({@code yarn.dl.scheduler.resize.prior-restart-sec},
 * {@link io.yarndl.core.policy.resize.ResizeSettings#priorRestartSec}).
 *
 * @param fairnessP           the power p of the jobs' normalised goodputs (Sia's default -0.5); in
 *                            [{@value PowerMean#MIN_P}, {@value PowerMean#MAX_P}]
 * @param restartPriorSec     seconds a resize or move is assumed to cost a job until its own were
 *                            measured (the shared prior, 5 s; Sia's simulator: 30 for an application it
 *                            has no figure for)
 * @param unallocatedPenalty  what a job without GPUs adds to the objective, in normalised-goodput^p
 *                            units (Sia's lambda_n, 1.1): above 1, the term of a job at its slowest
 *                            configuration, so every job that fits runs
 * @param solverSeconds       CP-SAT's deterministic time budget per plan
 * @param solverMaxOptions    most configurations, over all jobs and types, a round may weigh for CP-SAT
 *                            to be run on it; a larger round keeps the marginal-gain choice
 */
public record SiaSettings(double fairnessP, double restartPriorSec, double unallocatedPenalty, double solverSeconds,
                          int solverMaxOptions) {

    /** Sia's simulator's p = -0.5 and lambda_n = 1.1, with the shared 5 s restart prior. */
    public static final SiaSettings DEFAULT = new SiaSettings(SiaDefaults.FAIRNESS_P, SiaDefaults.RESTART_PRIOR_SEC,
            SiaDefaults.UNALLOCATED_PENALTY, SiaDefaults.SOLVER_SECONDS, SiaDefaults.SOLVER_MAX_OPTIONS);

    /** The defaults as constants, for annotations that need them (picocli's). */
    public static final class SiaDefaults {
        public static final double FAIRNESS_P = -0.5;
        public static final double RESTART_PRIOR_SEC = ResizeDefaults.PRIOR_RESTART_SEC;
        public static final double UNALLOCATED_PENALTY = 1.1;
        public static final double SOLVER_SECONDS = 0.2;
        public static final int SOLVER_MAX_OPTIONS = 3_000;

        private SiaDefaults() {
        }
    }

    public SiaSettings {
        new PowerMean(fairnessP);
        if (!(restartPriorSec >= 0) || Double.isInfinite(restartPriorSec)) {
            throw new IllegalArgumentException("Sia's restart prior must be a finite number of seconds >= 0, got "
                    + restartPriorSec);
        }
        if (!(unallocatedPenalty > 0) || Double.isInfinite(unallocatedPenalty)) {
            throw new IllegalArgumentException("Sia's penalty for a job without GPUs must be positive and finite, got "
                    + unallocatedPenalty);
        }
        if (!(solverSeconds > 0) || Double.isInfinite(solverSeconds)) {
            throw new IllegalArgumentException("Sia's solver budget must be a positive number of seconds, got "
                    + solverSeconds);
        }
        if (solverMaxOptions < 0) {
            throw new IllegalArgumentException("Sia's solver option limit must be >= 0, got " + solverMaxOptions);
        }
    }
}
