package io.yarndl.sim.papers;

import io.yarndl.sim.engine.SimulationResult;
import io.yarndl.sim.report.JctDistribution;

/**
 * What one policy did on one workload, the figures the papers report per workload.
 *
 * @param jobs        jobs completed
 * @param avgJctSec   mean job completion time
 * @param p99JctSec   99th-percentile JCT, nearest rank (as {@code sim}'s p95)
 * @param makespanSec first arrival to last completion
 * @param resizes     allocation changes of running jobs, summed over jobs
 */
public record RunFigures(long jobs, double avgJctSec, double p99JctSec, double makespanSec, long resizes) {

    /** The figures of a run from its result and the JCTs its jobs reported. */
    public static RunFigures of(SimulationResult result, JctDistribution jcts) {
        return new RunFigures(result.jobs(), result.avgJctSec(), jcts.quantile(0.99), result.makespanSec(),
                result.resizes());
    }
}
