package io.yarndl.sim.engine;

/**
 * Hears the end of every simulated round, for reinforcement learning: DL2's reward for the round
 * and the chance to end the episode there (a horizon). Called on the thread that runs the
 * simulation, after the round's plan was applied and its jobs trained.
 */
@FunctionalInterface
public interface RoundListener {

    /** Listens to nothing and never stops a run. */
    RoundListener NONE = (round, timeSec, reward) -> true;

    /**
     * One round has ended.
     *
     * @param round   the round's index in this run, from 0
     * @param timeSec simulated time the round was planned at (its snapshot time; a policy's
     *                decisions in the round carry the same time)
     * @param reward  DL2's reward for the round (Peng et al. 2019, §4.1): the sum over jobs of the
     *                steps the job did during the round divided by the steps it needs in all; a job
     *                that finished in the round counts the fraction it had left, so over a whole
     *                run every job contributes exactly 1
     * @return true to simulate the next round, false to end the run now with the jobs finished so far
     */
    boolean roundEnded(int round, double timeSec, double reward);
}
