package io.yarndl.yarn.web;

import java.util.List;

/**
 * One DL job as {@code GET /ws/v1/cluster/dl/jobs} lists it (JSON through Jackson).
 *
 * @param id          the YARN application id
 * @param name        the job's name
 * @param user        who submitted it
 * @param queue       its queue
 * @param state       the RM's state of the application ({@code RUNNING}, {@code FINISHED}, ...),
 *                    {@code UNKNOWN} once the RM forgot it
 * @param live        whether the latest scheduling round sized it (false once it ended)
 * @param submitTime  submission time, epoch seconds
 * @param lastSeen    when a round last saw it, epoch seconds
 * @param spec        what it asked for
 * @param size        what it holds
 * @param target      what the plan in force gives it, and why
 * @param progress    its latest progress sample's step and loss (null before any)
 * @param model       the policy's fitted models for it (null with {@code modelNote} saying why)
 * @param modelNote   why there is no model, or null
 * @param remaining   the predicted time to its goal
 * @param restarts    what its resizes have cost it so far, measured on its samples
 */
public record JobSummary(String id, String name, String user, String queue, String state, boolean live,
                         double submitTime, double lastSeen, Spec spec, Size size, Target target, Progress progress,
                         Model model, String modelNote, Remaining remaining, Restarts restarts) {

    /** Per-task resources. */
    public record Task(int gpus, int vcores, long memoryMb) {
    }

    /**
     * The job's declared limits; {@code modelFamily} null where it declared none; {@code batchLimits}
     * the global batches it may train at (min = max = {@code globalBatchSize} where it declared none).
     */
    public record Spec(String framework, String architecture, int minWorkers, int maxWorkers, int minPs, int maxPs,
                       int requestedWorkers, int requestedPs, Task worker, Task ps, int globalBatchSize,
                       Long goalSteps, Double goalLoss, String modelFamily, BatchLimits batchLimits) {
    }

    /** Global batch sizes, samples per step; {@code maxLocal} 0 where the job set no per-worker limit. */
    public record BatchLimits(int min, int max, int maxLocal) {
    }

    /** Resizes measured and their summed cost, seconds (from the last step at the old size to the first at the new). */
    public record Restarts(int count, double totalSeconds) {
    }

    /** Containers held. */
    public record Size(int workers, int ps) {
    }

    /** The plan's decision for it. */
    public record Target(int workers, int ps, String reason) {
    }

    /**
     * The latest progress sample; {@code gpuType}, {@code batchSize} (the global batch it trained at)
     * and {@code noiseScale} (the gradient noise scale it measured, samples) null where the AM did
     * not say them.
     */
    public record Progress(double time, long step, double loss, double stepsPerSecond, String gpuType,
                           Integer batchSize, Double noiseScale) {
    }

    /**
     * The policy's fitted models, as scheduler-core's {@code PolicyState.FittedJob} holds them.
     *
     * @param curve       loss curve {@code l(k) / lossScale = 1 / (b0 k + b1) + b2}, null when none fits
     * @param speed       speed model: its form and coefficients in the formula's order, null when none fits
     * @param fittedStep  the step the curve was fitted at
     */
    public record Model(Curve curve, Speed speed, long fittedStep) {
    }

    /** Optimus' convergence model parameters. */
    public record Curve(double b0, double b1, double b2, double lossScale, int samplesUsed) {
    }

    /** A speed model's form and coefficients. */
    public record Speed(String form, List<Double> coefficients, int globalBatch) {
    }

    /**
     * Predicted remaining time at a size.
     *
     * @param seconds   null when there is no prediction
     * @param steps     remaining steps it is based on, null when unknown
     * @param atWorkers the size it is predicted at (the plan's, else what the job holds)
     * @param atPs      the same for parameter servers
     * @param reason    why there is no prediction, or null
     */
    public record Remaining(Double seconds, Double steps, int atWorkers, int atPs, String reason) {
    }
}
