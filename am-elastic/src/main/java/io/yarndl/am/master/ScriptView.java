package io.yarndl.am.master;

/**
 * The job as the training script sees it ({@code GET /v1/job}).
 *
 * @param generation     the running generation
 * @param resizePending  true when the script should checkpoint and wait
 * @param step           the last published step
 * @param checkpointStep the step of the last checkpoint (-1 when none)
 */
public record ScriptView(int generation, boolean resizePending, long step, long checkpointStep) {
}
