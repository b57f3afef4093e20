package io.yarndl.sim.papers;

import io.yarndl.sim.papers.PublishedFigures.Figure;
import io.yarndl.sim.report.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code yarn-dl papers}' text output, per suite: a heading saying what ran, the measured table
 * (per policy the means over the suite's workloads of avg JCT, p99 JCT and makespan, in hours, the
 * avg JCT over optimus's, and the mean resizes), the published figures for the same workloads,
 * the goal's verdict, and why any run failed.
 */
final class PapersMarkdown {

    private PapersMarkdown() {
    }

    static String render(List<SuiteOutcome> outcomes) {
        StringBuilder out = new StringBuilder();
        for (SuiteOutcome outcome : outcomes) {
            out.append("### ").append(outcome.title()).append("\n\n");
            out.append(MarkdownTable.render(measured(outcome))).append('\n');
            if (!outcome.published().isEmpty()) {
                out.append("Published for the same workloads:\n\n");
                out.append(MarkdownTable.render(published(outcome), 4)).append('\n');
            }
            out.append(outcome.verdict()).append("\n\n");
            outcome.policies().forEach((policy, figures) -> {
                List<String> failures = figures.failures();
                if (!failures.isEmpty()) {
                    out.append(policy).append(" failed on ").append(failures.get(0))
                            .append(failures.size() > 1 ? " (and " + (failures.size() - 1) + " more)" : "")
                            .append("\n\n");
                }
            });
        }
        return out.toString();
    }

    private static List<String[]> measured(SuiteOutcome outcome) {
        int workloads = outcome.suite().workloads().size();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"policy", "avg JCT (h)", "p99 JCT (h)", "makespan (h)", "avg JCT vs optimus",
            "resizes"});
        outcome.policies().forEach((policy, figures) -> {
            String label = outcome.label(policy);
            if (figures.complete()) {
                rows.add(new String[] {label, hours(figures.meanAvgJctSec()), hours(figures.meanP99JctSec()),
                    hours(figures.meanMakespanSec()), ratio(outcome.vsOptimus(policy)),
                    String.format(Locale.ROOT, "%.0f", figures.meanResizes())});
            } else {
                rows.add(new String[] {label, "failed on " + figures.failures().size() + " of " + workloads, "-", "-",
                    "-", "-"});
            }
        });
        return rows;
    }

    private static List<String[]> published(SuiteOutcome outcome) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"system", "avg JCT (h)", "p99 JCT (h)", "makespan (h)", "source"});
        for (Figure f : outcome.published()) {
            rows.add(new String[] {f.system() + (f.goal() ? " (goal)" : ""), hoursOf(f.avgJctH()), hoursOf(f.p99JctH()),
                hoursOf(f.makespanH()), f.citation()});
        }
        return rows;
    }

    private static String hours(double seconds) {
        return hoursOf(seconds / 3600);
    }

    private static String hoursOf(double hours) {
        return Double.isNaN(hours) ? "-" : String.format(Locale.ROOT, "%.2f", hours);
    }

    private static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }
}
