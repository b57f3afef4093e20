package io.yarndl.sim.cli;

import io.yarndl.sim.engine.RestartCostRule;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sim}'s ground-truth options for Pollux's and Sia's workloads: whether their jobs adapt
 * their batch to their allocation (the default, Pollux's goodput; {@code --fixed-batch} trains them
 * at their trace batch, as Sia's Gavel baselines and the simulator before goodput did), and what a
 * restart costs ({@code --restart-cost}, {@link RestartCostRule}). Also {@code papers}'.
 */
public final class GoodputOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--fixed-batch",
            description = "Pollux's and Sia's workloads: every job trains at its trace batch_size whatever it holds"
                    + " and runs Sia's iterations to its last epoch (Sia's Gavel baselines, and how they ran before)."
                    + " Default: its batch follows its allocation (Pollux's goodput, chosen by an oracle of Pollux's"
                    + " job-side agent) and it is done at the progress of its last epoch.")
    boolean fixedBatch;

    @Option(names = "--restart-cost", paramLabel = "profile|fixed", defaultValue = "profile",
            description = "What a restart (a changed allocation, or a start) costs a job: 'profile', its application's"
                    + " measured restart (Sia's figures, 15 s ncf to 250 s imagenet) plus --restart-per-worker-sec per"
                    + " worker beyond the first, for Pollux's and Sia's workloads, --resize-overhead-sec for any other;"
                    + " 'fixed', --resize-overhead-sec for every job (default: ${DEFAULT-VALUE}).")
    String restartCost;

    @Option(names = "--restart-per-worker-sec", paramLabel = "SEC",
            defaultValue = "" + RestartCostRule.DEFAULT_PER_WORKER_SEC,
            description = "With --restart-cost profile: seconds each worker beyond the first adds to a restart"
                    + " (default: ${DEFAULT-VALUE}, the elastic AM's measured cost of one more container).")
    double perWorkerSec;

    /** Whether jobs train at their trace batch ({@code --fixed-batch}) rather than adapt it. */
    public boolean fixedBatch() {
        return fixedBatch;
    }

    /**
     * The rule named.
     *
     * @throws ParameterException for another name or a negative time
     */
    public RestartCostRule rule() {
        RestartCostRule.Mode mode;
        try {
            mode = RestartCostRule.Mode.valueOf(restartCost.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--restart-cost '" + restartCost
                    + "': expected profile or fixed");
        }
        try {
            return new RestartCostRule(mode, mode == RestartCostRule.Mode.FIXED ? 0 : perWorkerSec);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--restart-per-worker-sec " + perWorkerSec + ": "
                    + e.getMessage());
        }
    }

    /** The options in words, for the run's first line. */
    public String describe(double resizeOverheadSec) {
        String batch = fixedBatch ? "fixed batch" : "adaptive batch";
        RestartCostRule rule = rule();
        return rule.mode() == RestartCostRule.Mode.FIXED
                ? String.format(Locale.ROOT, "%s, restart %.0f s", batch, resizeOverheadSec)
                : String.format(Locale.ROOT, "%s, restart per application + %.1f s/worker (else %.0f s)", batch,
                        rule.perWorkerSec(), resizeOverheadSec);
    }
}
