package io.yarndl.yarn.web;

import java.util.List;

/**
 * One DL job as {@code GET /ws/v1/cluster/dl/jobs/{appId}} shows it: its summary, its progress
 * samples, its sizes over time, its target changes, and its fitted loss curve evaluated at a set
 * of steps (by scheduler-core's convergence model) to draw against the samples.
 *
 * @param job           what the list says of it
 * @param samples       progress samples the scheduler holds, oldest first
 * @param sizes         held and planned sizes over time, oldest first (a point where either changed)
 * @param targetChanges the plan's changes of its target, oldest first, with the policy's reasons
 * @param lossCurve     the fitted curve at steps from 0 to past its latest step; empty without a curve
 * @param lossCurveNote why the curve is empty, or null
 */
public record JobDetail(JobSummary job, List<Sample> samples, List<SizeAt> sizes, List<TargetChange> targetChanges,
                        List<CurvePoint> lossCurve, String lossCurveNote) {

    /**
     * One progress sample: time (epoch s), step (of the spec's batch), loss, steps/s at the size, on
     * the GPU type and at the global batch it ran at, and the gradient noise scale it measured
     * ({@code gpuType}, {@code batchSize}, {@code noiseScale} null where the AM did not say).
     */
    public record Sample(double time, long step, double loss, double stepsPerSecond, int workers, int ps,
                         String gpuType, Integer batchSize, Double noiseScale) {
    }

    /** Held and planned size from {@code time} (epoch s) on. */
    public record SizeAt(double time, int heldWorkers, int heldPs, int targetWorkers, int targetPs) {
    }

    /** A change of the plan's target, and the policy's reason. */
    public record TargetChange(double time, int workers, int ps, String reason) {
    }

    /** The fitted curve's loss at a step. */
    public record CurvePoint(double step, double loss) {
    }
}
