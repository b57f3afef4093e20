package io.yarndl.sim.marl;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.placement.interferenceaware.InterferenceAwarePlacement;
import io.yarndl.core.placement.marl.CandidateScorer;
import io.yarndl.core.placement.marl.ChoiceRule;
import io.yarndl.core.placement.marl.FitnessScorer;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.sim.workload.TraceJob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code marl-rollouts --evaluate}: the avg JCT of a model's greedy choices on a few windows beside
 * the placements it must beat, on the same windows, allocation policy and ground truth: packing
 * (the baseline), interference-aware (whose trade-off the warm-up imitates) and {@code fitness}
 * (marl's agents with {@link FitnessScorer}, the untrained reference). The trainer picks its best
 * model by this on held-out windows, and the model card reports it.
 */
final class MarlEvaluation {

    /** The model's row's name. */
    static final String MARL = "marl";
    /** marl's agents scoring with {@link FitnessScorer}. */
    static final String FITNESS = "fitness";

    private MarlEvaluation() {
    }

    /**
     * Per placement (marl first when a model is given, then fitness, packing, interference-aware), the
     * avg JCT in seconds of each window, in the windows' order.
     *
     * @param model the model's scorer, or null to run the others only
     */
    static Map<String, double[]> run(MarlEpisodePlayer player, Map<Long, List<TraceJob>> windows, CandidateScorer model,
                                     int threads) throws InterruptedException {
        List<String> placements = new ArrayList<>();
        if (model != null) {
            placements.add(MARL);
        }
        placements.addAll(List.of(FITNESS, PackingPlacement.NAME, InterferenceAwarePlacement.NAME));
        List<Callable<MarlEpisode>> tasks = new ArrayList<>();
        for (String placement : placements) {
            for (Map.Entry<Long, List<TraceJob>> window : windows.entrySet()) {
                int index = tasks.size();
                tasks.add(() -> switch (placement) {
                    case MARL -> player.playMarl(index, window.getKey(), 0, window.getValue(), model, ChoiceRule.GREEDY);
                    case FITNESS -> player.playMarl(index, window.getKey(), 0, window.getValue(), new FitnessScorer(),
                            ChoiceRule.GREEDY);
                    default -> player.playWith(index, window.getKey(), window.getValue(),
                            PlacementStrategies.named(placement));
                });
            }
        }
        List<MarlEpisode> episodes = Parallel.run(threads, tasks);
        Map<String, double[]> byPlacement = new LinkedHashMap<>();
        int at = 0;
        for (String placement : placements) {
            double[] jcts = new double[windows.size()];
            for (int w = 0; w < jcts.length; w++) {
                jcts[w] = episodes.get(at++).avgJctSec();
            }
            byPlacement.put(placement, jcts);
        }
        return byPlacement;
    }

    /** The mean of a placement's per-window avg JCTs. */
    static double mean(double[] jcts) {
        double sum = 0;
        for (double jct : jcts) {
            sum += jct;
        }
        return jcts.length == 0 ? Double.NaN : sum / jcts.length;
    }
}
