package io.yarndl.yarn.status;

/**
 * A DL job's size at one round: what it held and what the plan in force gave it.
 *
 * @param timeSec       the round's time, epoch seconds
 * @param jobId         the YARN application id
 * @param heldWorkers   worker containers it held
 * @param heldPs        parameter-server containers it held
 * @param targetWorkers the plan's workers for it
 * @param targetPs      the plan's parameter servers for it
 */
public record SizePoint(double timeSec, String jobId, int heldWorkers, int heldPs, int targetWorkers, int targetPs) {

    /** Whether {@code other} says the same sizes (whatever its time). */
    boolean sameSizes(SizePoint other) {
        return other != null && heldWorkers == other.heldWorkers && heldPs == other.heldPs
                && targetWorkers == other.targetWorkers && targetPs == other.targetPs;
    }
}
