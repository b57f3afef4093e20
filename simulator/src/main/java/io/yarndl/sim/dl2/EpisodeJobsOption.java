package io.yarndl.sim.dl2;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --jobs} of the commands that generate DL2 episode workloads ({@link EpisodeWorkload}):
 * {@code rollouts}, which trains on them, and {@code evaluate}, which compares policies on held-out
 * seeds of them; the two must agree, so that a model is evaluated on workloads the size of those
 * it was trained on.
 */
public final class EpisodeJobsOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "" + EpisodeWorkload.DEFAULT_JOBS,
            description = "Jobs in the workload each seed generates (default: ${DEFAULT-VALUE}).")
    int jobs;

    /**
     * The number of jobs per workload.
     *
     * @throws ParameterException naming the option when it is below 1
     */
    public int jobs() {
        if (jobs < 1) {
            throw new ParameterException(mixee.commandLine(), "--jobs must be at least 1, got " + jobs);
        }
        return jobs;
    }
}
