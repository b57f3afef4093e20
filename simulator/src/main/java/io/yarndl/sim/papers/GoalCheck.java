package io.yarndl.sim.papers;

import io.yarndl.sim.papers.PublishedFigures.Figure;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a suite reaches issue 21's goal: the best policy's average JCT (mean over the suite's
 * workloads) at or below the published figure of the suite's own paper (Pollux's on Pollux's
 * workloads, Sia's on Sia's), and at least {@link #BELOW_OPTIMUS} below {@code optimus}'s.
 *
 * @param bestPolicy      the policy of least mean average JCT among those that finished every workload; null if none
 * @param bestAvgJctSec   its mean average JCT; NaN if none
 * @param goal            the published figure to reach, if the suite has one
 * @param optimusAvgJctSec optimus's mean average JCT; NaN if it did not run or failed
 */
public record GoalCheck(String bestPolicy, double bestAvgJctSec, Optional<Figure> goal, double optimusAvgJctSec) {

    /** How far below optimus's average JCT the best policy must be: 30%. */
    public static final double BELOW_OPTIMUS = 0.30;
    static final String OPTIMUS = "optimus";

    /** The check of one suite's results against its published goal figure. */
    public static GoalCheck of(Map<String, PolicyFigures> results, Optional<Figure> goal) {
        String best = null;
        double bestJct = Double.NaN;
        for (Map.Entry<String, PolicyFigures> entry : results.entrySet()) {
            double jct = entry.getValue().meanAvgJctSec();
            if (!Double.isNaN(jct) && (best == null || jct < bestJct)) {
                best = entry.getKey();
                bestJct = jct;
            }
        }
        PolicyFigures optimus = results.get(OPTIMUS);
        return new GoalCheck(best, bestJct, goal, optimus == null ? Double.NaN : optimus.meanAvgJctSec());
    }

    /** Best at or below the published figure; empty when there is no figure or no best. */
    public Optional<Boolean> reachesPublished() {
        if (goal.isEmpty() || bestPolicy == null) {
            return Optional.empty();
        }
        return Optional.of(bestAvgJctSec <= goal.get().avgJctH() * 3600);
    }

    /** Best at least 30% below optimus; empty when optimus has no figure or there is no best. */
    public Optional<Boolean> reachesOptimusMargin() {
        if (Double.isNaN(optimusAvgJctSec) || bestPolicy == null) {
            return Optional.empty();
        }
        return Optional.of(bestAvgJctSec <= (1 - BELOW_OPTIMUS) * optimusAvgJctSec);
    }

    /** Both parts reached (false when either cannot be judged). */
    public boolean reached() {
        return reachesPublished().orElse(false) && reachesOptimusMargin().orElse(false);
    }

    /** The verdict in one sentence, for under the suite's tables. */
    public String sentence() {
        String target = goal.map(f -> String.format(Locale.ROOT, "at or below %s's published %.2f h", f.system(),
                f.avgJctH())).orElse("(no published figure to reach)");
        String head = "Goal: best avg JCT " + target + " and at least " + Math.round(BELOW_OPTIMUS * 100)
                + "% below optimus. ";
        if (bestPolicy == null) {
            return head + "No policy finished every workload.";
        }
        StringBuilder out = new StringBuilder(head).append(String.format(Locale.ROOT, "Best: %s at %.2f h",
                bestPolicy, bestAvgJctSec / 3600));
        goal.ifPresent(f -> out.append(String.format(Locale.ROOT, ", %.2fx %s's (%s)", bestAvgJctSec / 3600 / f.avgJctH(),
                f.system(), reachesPublished().get() ? "reached" : "not reached")));
        if (Double.isNaN(optimusAvgJctSec)) {
            out.append("; optimus has no complete figure");
        } else {
            double below = 1 - bestAvgJctSec / optimusAvgJctSec;
            out.append(String.format(Locale.ROOT, "; %.1f%% %s optimus (%s)", Math.abs(100 * below),
                    below >= 0 ? "below" : "above", reachesOptimusMargin().get() ? "reached" : "not reached"));
        }
        return out.append(reached() ? ". Goal reached." : ". Goal not reached.").toString();
    }
}
