package io.yarndl.sim.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --threads} of the commands that compare policies over many simulations ({@code evaluate},
 * {@code papers}): how many run at once, each one policy on one workload with its own policy
 * instance. The commands
 * that play training episodes ({@code rollouts}, {@code marl-rollouts}) keep their own
 * {@code --threads}: it counts episodes and defaults to 1.
 */
public final class ThreadsOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
            description = "Runs in parallel, one policy on one workload each (default: ${DEFAULT-VALUE}).")
    int threads;

    /**
     * The number of threads.
     *
     * @throws ParameterException naming the option when it is below 1
     */
    public int threads() {
        if (threads < 1) {
            throw new ParameterException(mixee.commandLine(), "--threads must be at least 1, got " + threads);
        }
        return threads;
    }
}
