package io.yarndl.core.policy.optimus;

/**
 * A job's training speed as a function of its workers and parameter servers, fitted online from
 * its progress samples (Optimus §3.2). Implementations are immutable value objects.
 */
public interface SpeedModel {

    /**
     * Predicted speed in steps of the job's reference global batch per second.
     *
     * @param workers number of workers, at least 1
     * @param ps      number of parameter servers (ignored by all-reduce models)
     */
    double stepsPerSecond(int workers, int ps);

    /** The fitted coefficients, in the order the formula's javadoc names them. */
    double[] coefficients();
}
