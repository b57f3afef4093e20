package io.yarndl.sim.cli;

import io.yarndl.core.policy.pollux.PowerMean;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.sia.SiaSettings.SiaDefaults;
import io.yarndl.core.policy.resize.ResizeSettings;
import picocli.CommandLine.Option;

/**
 * The {@code sia} policy's knobs on the simulator's command line, the same four the
 * ResourceManager reads from {@code yarn.dl.scheduler.sia.*} (docs/sia.md); they apply where
 * {@code sia} runs. Its restart prior is the shared {@code --resize-prior-restart-sec}
 * ({@link ResizeOptions}). (Sia's workloads are {@link SiaOptions}'.)
 */
public final class SiaPolicyOptions {

    @Option(names = "--sia-fairness-p", paramLabel = "P", defaultValue = "" + SiaDefaults.FAIRNESS_P,
            description = "sia: the power of the jobs' normalised goodputs, from -5 to 5; lower fairer"
                    + " (default: ${DEFAULT-VALUE}, Sia's).")
    double fairnessP;

    @Option(names = "--sia-unallocated-penalty", paramLabel = "L", defaultValue = "" + SiaDefaults.UNALLOCATED_PENALTY,
            description = "sia: what a job left without GPUs adds to the objective, Sia's lambda_n (default: ${DEFAULT-VALUE}).")
    double unallocatedPenalty;

    @Option(names = "--sia-solver-seconds", paramLabel = "SEC", defaultValue = "" + SiaDefaults.SOLVER_SECONDS,
            description = "sia: CP-SAT's deterministic time budget per plan (default: ${DEFAULT-VALUE}).")
    double solverSeconds;

    @Option(names = "--sia-solver-max-options", paramLabel = "N", defaultValue = "" + SiaDefaults.SOLVER_MAX_OPTIONS,
            description = "sia: most configurations a plan may weigh for CP-SAT to run; past it the marginal-gain"
                    + " choice stands (default: ${DEFAULT-VALUE}).")
    int solverMaxOptions;

    /**
     * The settings these options give, with the shared restart prior.
     *
     * @param resize what {@link ResizeOptions} gave, whose prior ({@code --resize-prior-restart-sec}) is this policy's
     * @throws IllegalArgumentException naming the option whose value cannot be used
     */
    public SiaSettings settings(ResizeSettings resize) {
        if (!(fairnessP >= PowerMean.MIN_P && fairnessP <= PowerMean.MAX_P)) {
            throw new IllegalArgumentException("--sia-fairness-p must be from " + PowerMean.MIN_P + " to "
                    + PowerMean.MAX_P + ", got " + fairnessP);
        }
        if (!(unallocatedPenalty > 0) || Double.isInfinite(unallocatedPenalty)) {
            throw new IllegalArgumentException("--sia-unallocated-penalty must be a positive number, got "
                    + unallocatedPenalty);
        }
        if (!(solverSeconds > 0) || Double.isInfinite(solverSeconds)) {
            throw new IllegalArgumentException("--sia-solver-seconds must be a positive number, got " + solverSeconds);
        }
        if (solverMaxOptions < 0) {
            throw new IllegalArgumentException("--sia-solver-max-options must be >= 0, got " + solverMaxOptions);
        }
        return new SiaSettings(fairnessP, resize.priorRestartSec(), unallocatedPenalty, solverSeconds, solverMaxOptions);
    }
}
