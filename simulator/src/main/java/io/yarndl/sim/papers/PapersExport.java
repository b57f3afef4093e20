package io.yarndl.sim.papers;

import io.yarndl.sim.papers.PublishedFigures.Figure;
import io.yarndl.sim.report.CsvCells;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code yarn-dl papers}' machine-readable outputs. {@code --json}: one object keyed by suite,
 * each with its title, cluster, workloads, every policy's means and per-workload figures (seconds),
 * the published figures (hours) and the goal's verdict. {@code --csv}: one row per policy and per
 * published system of each suite, in hours.
 */
final class PapersExport {

    /** The CSV's header. */
    static final String CSV_HEADER = "suite,kind,name,workloads,avg_jct_h,p99_jct_h,makespan_h,avg_jct_vs_optimus,"
            + "resizes,goal,note";

    private PapersExport() {
    }

    /** The JSON object, for Jackson; {@code skipped} lists the default policies this build lacks. */
    static Map<String, Object> json(List<SuiteOutcome> outcomes, List<String> skipped) {
        Map<String, Object> json = new LinkedHashMap<>();
        for (SuiteOutcome outcome : outcomes) {
            Map<String, Object> suite = new LinkedHashMap<>();
            suite.put("title", outcome.title());
            suite.put("cluster", outcome.suite().clusterSpec());
            List<String> workloads = new ArrayList<>();
            for (int w = 0; w < outcome.suite().workloads().size(); w++) {
                workloads.add(outcome.suite().workloadName(w));
            }
            suite.put("workloads", workloads);
            Map<String, Object> policies = new LinkedHashMap<>();
            outcome.policies().forEach((policy, figures) -> policies.put(policy, policyJson(outcome, policy, figures)));
            suite.put("policies", policies);
            List<Object> published = new ArrayList<>();
            for (Figure f : outcome.published()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("system", f.system());
                entry.put("avgJctH", orNull(f.avgJctH()));
                entry.put("p99JctH", orNull(f.p99JctH()));
                entry.put("makespanH", orNull(f.makespanH()));
                entry.put("goal", f.goal());
                entry.put("citation", f.citation());
                published.add(entry);
            }
            suite.put("published", published);
            GoalCheck goal = outcome.goal();
            Map<String, Object> verdict = new LinkedHashMap<>();
            verdict.put("bestPolicy", goal.bestPolicy());
            verdict.put("bestAvgJctSec", orNull(goal.bestAvgJctSec()));
            verdict.put("reachesPublished", goal.reachesPublished().orElse(null));
            verdict.put("reachesOptimusMargin", goal.reachesOptimusMargin().orElse(null));
            verdict.put("comparable", outcome.wholeSuite());
            verdict.put("reached", outcome.wholeSuite() && goal.reached());
            verdict.put("sentence", outcome.verdict());
            suite.put("goal", verdict);
            json.put(outcome.suite().name(), suite);
        }
        json.put("skipped", skipped);
        return json;
    }

    private static Map<String, Object> policyJson(SuiteOutcome outcome, String policy, PolicyFigures figures) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("meanAvgJctSec", orNull(figures.meanAvgJctSec()));
        entry.put("meanP99JctSec", orNull(figures.meanP99JctSec()));
        entry.put("meanMakespanSec", orNull(figures.meanMakespanSec()));
        entry.put("avgJctVsOptimus", orNull(outcome.vsOptimus(policy)));
        entry.put("meanResizes", orNull(figures.meanResizes()));
        List<Object> perWorkload = new ArrayList<>();
        for (RunFigures run : figures.perWorkload()) {
            if (run == null) {
                perWorkload.add(null);
                continue;
            }
            Map<String, Object> cell = new LinkedHashMap<>();
            cell.put("jobs", run.jobs());
            cell.put("avgJctSec", orNull(run.avgJctSec()));
            cell.put("p99JctSec", orNull(run.p99JctSec()));
            cell.put("makespanSec", orNull(run.makespanSec()));
            cell.put("resizes", run.resizes());
            perWorkload.add(cell);
        }
        entry.put("perWorkload", perWorkload);
        if (SuiteOutcome.DL2.equals(policy)) {
            entry.put("fallback", outcome.dl2FellBack());
        }
        if (!figures.complete()) {
            entry.put("failures", figures.failures());
        }
        return entry;
    }

    /** The CSV, header first, one line per policy ({@code kind} measured) and published system ({@code kind} published). */
    static String csv(List<SuiteOutcome> outcomes) {
        StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (SuiteOutcome outcome : outcomes) {
            String suite = CsvCells.text(outcome.suite().name());
            int workloads = outcome.suite().workloads().size();
            outcome.policies().forEach((policy, figures) -> out.append(String.join(",", suite, "measured",
                    CsvCells.text(outcome.label(policy)), Integer.toString(workloads), h(figures.meanAvgJctSec() / 3600),
                    h(figures.meanP99JctSec() / 3600), h(figures.meanMakespanSec() / 3600),
                    CsvCells.number(outcome.vsOptimus(policy), 3), CsvCells.number(figures.meanResizes(), 1), "",
                    CsvCells.text(figures.complete() ? "" : String.join("; ", figures.failures())))).append('\n'));
            for (Figure f : outcome.published()) {
                out.append(String.join(",", suite, "published", CsvCells.text(f.system()), "", h(f.avgJctH()),
                        h(f.p99JctH()), h(f.makespanH()), "", "", f.goal() ? "yes" : "no",
                        CsvCells.text(f.citation()))).append('\n');
            }
        }
        return out.toString();
    }

    private static String h(double hours) {
        return CsvCells.number(hours, 3);
    }

    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
