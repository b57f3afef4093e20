package io.yarndl.core.policy.smd;

/**
 * What SMD predicts of one job's step at a size: its seconds, and the network it keeps busy. The
 * layer-aware {@link IterationModel} for jobs with a layer table, {@link BlackBoxStepTime} (Optimus'
 * fitted curve) for the others.
 */
interface StepTime {

    /** Seconds of one step with {@code workers} workers and {@code servers} parameter servers. */
    double secondsPerStep(int workers, int servers);

    /**
     * Links kept busy on average at this size: the seconds per step that the job's tasks spend
     * sending or receiving, summed over its tasks, divided by the step's seconds. One is one
     * node's network link, fully used.
     */
    double busyLinks(int workers, int servers);

    /** How the job's layers sit on {@code servers} servers, for the plan's reason; empty when not modelled. */
    String layout(int servers);
}
