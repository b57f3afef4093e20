package io.yarndl.sim.papers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One policy's runs on one suite: its {@link RunFigures} per workload, or why a run failed (the
 * simulator stops a policy that runs no job for thousands of rounds), and their means over the
 * workloads, the figures the papers report. Filled by parallel runs, each writing its own
 * workload's cell; read after all have finished.
 */
public final class PolicyFigures {

    private final List<String> workloads;
    private final RunFigures[] runs;
    private final String[] failures;

    /** @param workloads the suite's workload names, in order */
    public PolicyFigures(List<String> workloads) {
        this.workloads = List.copyOf(workloads);
        this.runs = new RunFigures[workloads.size()];
        this.failures = new String[workloads.size()];
    }

    synchronized void finished(int workload, RunFigures figures) {
        runs[workload] = figures;
    }

    synchronized void failed(int workload, String why) {
        failures[workload] = why;
    }

    /** True when every workload's run finished. */
    public synchronized boolean complete() {
        return Arrays.stream(runs).allMatch(r -> r != null);
    }

    /** Each workload's figures, in order; null where the run failed. */
    public synchronized List<RunFigures> perWorkload() {
        return Arrays.asList(runs.clone());
    }

    /** Mean over workloads of each one's average JCT; NaN unless every run finished. */
    public double meanAvgJctSec() {
        return mean(RunFigures::avgJctSec);
    }

    /** Mean over workloads of each one's p99 JCT; NaN unless every run finished. */
    public double meanP99JctSec() {
        return mean(RunFigures::p99JctSec);
    }

    /** Mean over workloads of each one's makespan; NaN unless every run finished. */
    public double meanMakespanSec() {
        return mean(RunFigures::makespanSec);
    }

    /** Mean over workloads of each one's resizes; NaN unless every run finished. */
    public double meanResizes() {
        return mean(r -> r.resizes());
    }

    /** "workload-N: why" for each failed run, in order. */
    public synchronized List<String> failures() {
        List<String> list = new ArrayList<>();
        for (int i = 0; i < failures.length; i++) {
            if (failures[i] != null) {
                list.add(workloads.get(i) + ": " + failures[i]);
            }
        }
        return list;
    }

    public int workloadCount() {
        return workloads.size();
    }

    private synchronized double mean(ToDoubleFunction<RunFigures> figure) {
        if (!complete()) {
            return Double.NaN;
        }
        return Arrays.stream(runs).mapToDouble(figure).average().orElse(Double.NaN);
    }
}
