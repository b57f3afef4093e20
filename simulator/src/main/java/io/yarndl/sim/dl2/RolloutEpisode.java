package io.yarndl.sim.dl2;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one finished rollout episode reports, as {@code batch.json} lists it.
 *
 * @param index        the episode's position in the batch (the first column of {@code rounds.i32})
 * @param seed         the workload seed
 * @param rollout      which of the seed's rollouts, from 0
 * @param rewards      DL2's reward for each round simulated
 * @param jobs         jobs in the workload
 * @param finishedJobs jobs finished before the episode ended (all of them without a horizon)
 * @param avgJctSec    mean completion time of the finished jobs; NaN when none finished
 * @param decisions    decisions made
 * @param kept         decisions written to the batch
 * @param wallSeconds  how long the episode took
 */
record RolloutEpisode(int index, long seed, int rollout, double[] rewards, int jobs, long finishedJobs,
                      double avgJctSec, long decisions, long kept, double wallSeconds) {

    double rewardSum() {
        double sum = 0;
        for (double reward : rewards) {
            sum += reward;
        }
        return sum;
    }

    /** The episode's entry in {@code batch.json}. */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("index", index);
        json.put("seed", seed);
        json.put("rollout", rollout);
        json.put("rounds", rewards.length);
        List<Double> list = new ArrayList<>(rewards.length);
        for (double reward : rewards) {
            list.add(reward);
        }
        json.put("rewards", list);
        json.put("jobs", jobs);
        json.put("finishedJobs", finishedJobs);
        json.put("avgJctSec", Double.isNaN(avgJctSec) ? null : avgJctSec);
        json.put("decisions", kept);
        return json;
    }
}
