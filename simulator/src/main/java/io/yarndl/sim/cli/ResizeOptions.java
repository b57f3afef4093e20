package io.yarndl.sim.cli;

import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.resize.ResizeSettings.ResizeDefaults;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The resize-cost rule's knobs on the simulator's command line, the same two the ResourceManager
 * reads from {@code yarn.dl.scheduler.resize.*} (docs/resize-cost.md); they apply where a policy
 * forecasts a job's remaining time ({@code optimus}, {@code smd}), and the prior also to
 * {@code pollux} and {@code sia}, whose own prior options it replaced: those are refused, naming it.
 */
public final class ResizeOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--resize-payback", paramLabel = "K", defaultValue = "" + ResizeDefaults.PAYBACK_FACTOR,
            description = "optimus, smd: a running job's size changes only when the forecast saving over its"
                    + " remaining time beats K restarts; 0 turns the rule off (default: ${DEFAULT-VALUE}).")
    double paybackFactor;

    @Option(names = "--resize-prior-restart-sec", paramLabel = "SEC",
            defaultValue = "" + ResizeDefaults.PRIOR_RESTART_SEC,
            description = "optimus, smd, pollux, sia: seconds a restart is taken to cost a job before its own are"
                    + " measured (default: ${DEFAULT-VALUE}).")
    double priorRestartSec;

    @Option(names = {"--pollux-restart-prior-sec", "--sia-restart-prior-sec"}, hidden = true, paramLabel = "SEC")
    void retiredPrior(String value) {
        throw new ParameterException(command.commandLine(), "--pollux-restart-prior-sec and --sia-restart-prior-sec"
                + " were replaced by --resize-prior-restart-sec, one restart prior for optimus, smd, pollux and sia");
    }

    /** These options as a nested {@code yarn-dl sim} takes them, for the commands that run one. */
    public List<String> simArgs() {
        return List.of("--resize-payback", Double.toString(paybackFactor), "--resize-prior-restart-sec",
                Double.toString(priorRestartSec));
    }

    /**
     * The settings these options give.
     *
     * @throws IllegalArgumentException naming the option whose value cannot be used
     */
    public ResizeSettings settings() {
        if (!(paybackFactor >= 0) || Double.isInfinite(paybackFactor)) {
            throw new IllegalArgumentException("--resize-payback must be a number >= 0, got " + paybackFactor);
        }
        if (!(priorRestartSec >= 0) || Double.isInfinite(priorRestartSec)) {
            throw new IllegalArgumentException("--resize-prior-restart-sec must be a number of seconds >= 0, got "
                    + priorRestartSec);
        }
        return new ResizeSettings(priorRestartSec, paybackFactor);
    }
}
