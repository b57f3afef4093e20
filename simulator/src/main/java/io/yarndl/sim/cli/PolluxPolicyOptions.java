package io.yarndl.sim.cli;

import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.pollux.PolluxSettings.PolluxDefaults;
import io.yarndl.core.policy.pollux.PowerMean;
import io.yarndl.core.policy.resize.ResizeSettings;
import picocli.CommandLine.Option;

/**
 * The {@code pollux} policy's knobs on the simulator's command line, the same three the
 * ResourceManager reads from {@code yarn.dl.scheduler.pollux.*} (docs/pollux.md); they apply where
 * {@code pollux} runs. Its restart prior is the shared {@code --resize-prior-restart-sec}
 * ({@link ResizeOptions}). (Pollux's workloads are {@link PolluxOptions}'.)
 */
public final class PolluxPolicyOptions {

    @Option(names = "--pollux-fairness-p", paramLabel = "P", defaultValue = "" + PolluxDefaults.FAIRNESS_P,
            description = "pollux: the power of the mean of the jobs' speedups it maximises, from -5 to 5; 1 their"
                    + " sum, lower fairer (default: ${DEFAULT-VALUE}, the paper's).")
    double fairnessP;

    @Option(names = "--pollux-solver-seconds", paramLabel = "SEC", defaultValue = "" + PolluxDefaults.SOLVER_SECONDS,
            description = "pollux: CP-SAT's deterministic time budget per plan (default: ${DEFAULT-VALUE}).")
    double solverSeconds;

    @Option(names = "--pollux-solver-max-options", paramLabel = "N", defaultValue = "" + PolluxDefaults.SOLVER_MAX_OPTIONS,
            description = "pollux: most job sizes a plan may weigh for CP-SAT to run; past it the marginal-gain"
                    + " choice stands (default: ${DEFAULT-VALUE}).")
    int solverMaxOptions;

    /**
     * The settings these options give, with the shared restart prior.
     *
     * @param resize what {@link ResizeOptions} gave, whose prior ({@code --resize-prior-restart-sec}) is this policy's
     * @throws IllegalArgumentException naming the option whose value cannot be used
     */
    public PolluxSettings settings(ResizeSettings resize) {
        if (!(fairnessP >= PowerMean.MIN_P && fairnessP <= PowerMean.MAX_P)) {
            throw new IllegalArgumentException("--pollux-fairness-p must be from " + PowerMean.MIN_P + " to "
                    + PowerMean.MAX_P + ", got " + fairnessP);
        }
        if (!(solverSeconds > 0) || Double.isInfinite(solverSeconds)) {
            throw new IllegalArgumentException("--pollux-solver-seconds must be a positive number, got " + solverSeconds);
        }
        if (solverMaxOptions < 0) {
            throw new IllegalArgumentException("--pollux-solver-max-options must be >= 0, got " + solverMaxOptions);
        }
        return new PolluxSettings(fairnessP, resize.priorRestartSec(), solverSeconds, solverMaxOptions);
    }
}
