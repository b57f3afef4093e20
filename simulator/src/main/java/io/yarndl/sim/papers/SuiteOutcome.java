package io.yarndl.sim.papers;

import io.yarndl.sim.papers.PublishedFigures.Figure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One suite's results, ready to print: every policy's figures (in the order run), the papers'
 * published figures for the same workloads, and the goal's verdict.
 *
 * @param suite     the suite as run (its workloads possibly cut by {@code --workloads-per-suite})
 * @param title     the table's heading: what ran, on what, how
 * @param policies  policy name to its figures, in table order
 * @param published the published figures for the suite
 * @param goal      the goal's verdict
 * @param dl2FellBack whether dl2's rows are optimus's (its model was rejected)
 * @param wholeSuite  whether every job of every workload of the suite ran, so that its figures compare with the papers'
 */
public record SuiteOutcome(PaperSuite suite, String title, Map<String, PolicyFigures> policies, List<Figure> published,
                           GoalCheck goal, boolean dl2FellBack, boolean wholeSuite) {

    static final String DL2 = "dl2";

    public SuiteOutcome {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(title, "title");
        policies = new LinkedHashMap<>(policies);
        published = List.copyOf(published);
        Objects.requireNonNull(goal, "goal");
    }

    /** The suite's outcome, its published figures and goal from {@code figures}. */
    public static SuiteOutcome of(PaperSuite suite, String title, Map<String, PolicyFigures> policies,
                                  PublishedFigures figures, boolean dl2FellBack, boolean wholeSuite) {
        return new SuiteOutcome(suite, title, policies, figures.forSuite(suite.name()),
                GoalCheck.of(policies, figures.goal(suite.name())), dl2FellBack, wholeSuite);
    }

    /** The goal's verdict in a sentence; none on a subset of the suite, which the published figures do not cover. */
    public String verdict() {
        return wholeSuite ? goal.sentence() : "No verdict on the goal: this ran part of the suite (--jobs or"
                + " --workloads-per-suite), and the published figures are for all of it.";
    }

    /** The policy's row label: dl2's says when its rows are optimus's. */
    public String label(String policy) {
        return DL2.equals(policy) && dl2FellBack ? "dl2 (fallback: optimus)" : policy;
    }

    /** A policy's mean avg JCT over optimus's; NaN when either has no complete figure. */
    public double vsOptimus(String policy) {
        PolicyFigures optimus = policies.get(GoalCheck.OPTIMUS);
        return optimus == null ? Double.NaN : policies.get(policy).meanAvgJctSec() / optimus.meanAvgJctSec();
    }
}
