package io.yarndl.sim.marl;

import io.yarndl.sim.engine.JobOutcome;
import io.yarndl.sim.engine.RoundListener;
import io.yarndl.sim.workload.TraceJob;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * marl's reward, JCT-based as in Zhao, Wu et al.: each round earns minus the jobs in the system
 * during it times the round's length, so an episode's rewards sum to minus its jobs' total time in
 * the system, the sum of their JCTs. Divided by jobs x 3,600 s, the return is minus the episode's
 * average JCT in hours: O(1), and comparable across windows. A job counts from the round it is
 * first seen in (the round after it arrives) to the round it finishes in, whole; the rounding is the
 * same for every placement.
 */
final class JctReward implements RoundListener, Consumer<JobOutcome> {

    private final double[] arrivals;
    private final double roundHours;
    private double[] rewards = new double[1024];
    private int rounds;
    private int arrived;
    private int finished;
    private int finishedBefore;

    /**
     * @param jobs        the episode's jobs, in arrival order
     * @param intervalSec the simulator's round length
     */
    JctReward(List<TraceJob> jobs, double intervalSec) {
        this.arrivals = jobs.stream().mapToDouble(TraceJob::arrivalSec).toArray();
        this.roundHours = intervalSec / 3600.0 / Math.max(1, jobs.size());
    }

    /** A job finished (during the round now running). */
    @Override
    public void accept(JobOutcome outcome) {
        finished++;
    }

    @Override
    public boolean roundEnded(int round, double timeSec, double dl2Reward) {
        while (arrived < arrivals.length && arrivals[arrived] <= timeSec) {
            arrived++;
        }
        if (rounds == rewards.length) {
            rewards = Arrays.copyOf(rewards, rounds * 2);
        }
        rewards[rounds++] = -(arrived - finishedBefore) * roundHours;
        finishedBefore = finished;
        return true;
    }

    /** Rounds ended so far: the index of the round now being planned. */
    int round() {
        return rounds;
    }

    /** One reward per round ended. */
    double[] rewards() {
        return Arrays.copyOf(rewards, rounds);
    }
}
