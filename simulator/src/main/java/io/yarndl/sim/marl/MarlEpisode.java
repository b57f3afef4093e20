package io.yarndl.sim.marl;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One played episode: which window and rollout, its per-round rewards ({@link JctReward}), what the
 * simulator measured, and its decisions (empty when nothing was recorded).
 */
record MarlEpisode(int index, long window, int rollout, double[] rewards, int jobs, long finishedJobs,
                   double avgJctSec, DecisionLog log, double wallSeconds) {

    double rewardSum() {
        double sum = 0;
        for (double reward : rewards) {
            sum += reward;
        }
        return sum;
    }

    /** The episode as batch.json lists it. */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("index", index);
        json.put("window", window);
        json.put("rollout", rollout);
        json.put("jobs", jobs);
        json.put("finishedJobs", finishedJobs);
        json.put("avgJctSec", Double.isNaN(avgJctSec) ? null : avgJctSec);
        json.put("decisions", log.decisions());
        json.put("rounds", rewards.length);
        json.put("rewards", rewards);
        return json;
    }
}
