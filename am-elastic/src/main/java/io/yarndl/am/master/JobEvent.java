package io.yarndl.am.master;

/**
 * One thing that happened to the job, for its status page and for measuring resizes.
 *
 * @param timeMs     wall-clock time (ms since the epoch)
 * @param kind       what happened
 * @param generation the generation it concerns
 * @param workers    workers the job holds (or the generation has) after it
 * @param servers    parameter servers likewise
 * @param detail     free text: a reason, a container, a step
 */
public record JobEvent(long timeMs, Kind kind, int generation, int workers, int servers, String detail) {

    public enum Kind {
        /** A container joined the job's pool (granted and launched). */
        GRANTED,
        /** The scheduler asked for a container back. */
        PREEMPTION_REQUESTED,
        /** The job must change size: the running generation is asked to checkpoint. */
        RESIZE_DECIDED,
        /** The running generation checkpointed. */
        CHECKPOINTED,
        /** A new generation's members were told to start. */
        GENERATION_STARTED,
        /** The first step of a generation was reported: training runs at the new size. */
        TRAINING_RESUMED,
        /** A generation failed: a trainer crashed or a container was lost. */
        GENERATION_FAILED,
        /** Too few members to run: training paused until containers come back. */
        HALTED,
        /** A container ended. */
        CONTAINER_COMPLETED,
        /** This AM is a later attempt: it took the job over from a dead one (detail: the attempt). */
        AM_RESTARTED,
        SUCCEEDED,
        FAILED
    }
}
