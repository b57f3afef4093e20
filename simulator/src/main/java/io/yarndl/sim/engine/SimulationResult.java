package io.yarndl.sim.engine;

/**
 * The summary of one simulated run of one policy over one workload.
 *
 * @param policy           the policy's name
 * @param jobs             jobs completed
 * @param avgJctSec        mean job completion time
 * @param medianJctSec     median job completion time
 * @param p95JctSec        95th percentile job completion time
 * @param makespanSec      from the first arrival to the last completion
 * @param gpuUtilisation   GPU-seconds held by jobs over GPU-seconds the cluster had in the makespan
 * @param resizes          allocation changes of running jobs, summed over jobs
 * @param avgIsolatedJctSec mean of each job's isolated JCT: the lower bound of avgJctSec
 * @param rounds           scheduling rounds run
 * @param meanPlanMillis   mean wall time of one {@code plan()} call
 * @param maxPlanMillis    longest {@code plan()} call
 * @param wallSeconds      wall time of the whole run
 */
public record SimulationResult(String policy, long jobs, double avgJctSec, double medianJctSec, double p95JctSec,
                               double makespanSec, double gpuUtilisation, long resizes, double avgIsolatedJctSec,
                               long rounds, double meanPlanMillis, double maxPlanMillis, double wallSeconds) {
}
