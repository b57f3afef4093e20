package io.yarndl.sim.papers;

import io.yarndl.core.policy.gavel.GavelObjectives;
import io.yarndl.core.policy.gavel.GavelObjectives.GavelObjective;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which policies {@code yarn-dl papers} runs on a suite by default: {@code fifo}, {@code drf},
 * {@code optimus}, the Gavel policies that apply to its cluster, {@code pollux}, {@code sia} and
 * {@code dl2}, each only if this build registers it. On a homogeneous cluster Gavel's
 * heterogeneity-agnostic policies apply (the aware ones would solve the same problem); on a mixed
 * one its aware ({@code -perf}) ones. Gavel's space-sharing ({@code -packed}) ones need
 * co-location throughputs that Pollux's and Sia's jobs do not have, so they are left out.
 */
public final class SuitePolicies {

    /** The policies run before Gavel's. */
    static final List<String> BASELINES = List.of("fifo", "drf", "optimus");
    /** The goodput policies and DL2, run after Gavel's. */
    static final List<String> GOODPUT_AND_LEARNED = List.of("pollux", "sia", "dl2");

    /**
     * @param run     the policies to run, in table order
     * @param skipped the default policies this build does not register
     */
    public record Selection(List<String> run, List<String> skipped) {

        public Selection {
            run = List.copyOf(run);
            skipped = List.copyOf(skipped);
        }
    }

    private SuitePolicies() {
    }

    /** The default policies of {@code suite} among those {@code registered}. */
    public static Selection defaults(PaperSuite suite, Set<String> registered) {
        List<String> run = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (String name : wanted(suite)) {
            (registered.contains(name) ? run : skipped).add(name);
        }
        return new Selection(run, skipped);
    }

    /** Every default policy of {@code suite}, registered or not, in table order. */
    public static List<String> wanted(PaperSuite suite) {
        List<String> wanted = new ArrayList<>(BASELINES);
        for (String name : GavelObjectives.names()) {
            GavelObjective objective = GavelObjectives.objective(name);
            if (!objective.sharesGpus() && objective.heterogeneityAware() == suite.heterogeneous()) {
                wanted.add(name);
            }
        }
        wanted.addAll(GOODPUT_AND_LEARNED);
        return wanted;
    }
}
