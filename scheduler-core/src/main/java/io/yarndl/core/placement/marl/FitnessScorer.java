package io.yarndl.core.placement.marl;

import io.yarndl.core.placement.interferenceaware.NodeCountFitness;
import io.yarndl.core.placement.interferenceaware.RackCountFitness;

/**
 * Scores candidates by interference-aware's trade-off as read from the rows alone: the node's
 * interference fitness ({@code (keeps + spares) / 2}) times the packing preference for the nodes the
 * job would span, counting the node as new unless it already holds the job, and one more still to
 * come where it cannot take every remaining worker, times the rack preference (a second rack where
 * the node's rack holds none of the job's shares yet). A job's earlier nodes are not in a row, so a
 * job past its first share counts as on one node. The untrained reference a model is measured
 * against, and what the tests place with; training's warm-up labels come from the exact count
 * ({@link CandidateBuilder#teacherScore}).
 */
public final class FitnessScorer implements CandidateScorer {

    @Override
    public float[] scores(float[][] candidates) {
        float[] scores = new float[candidates.length];
        for (int i = 0; i < candidates.length; i++) {
            float[] row = candidates[i];
            double fitness = (row[5] + row[6]) / 2.0;
            int before = row[8] > 0.5f ? 0 : 1;
            int span = before + (row[2] > 0.5f ? 0 : 1) + (row[1] < 1f ? 1 : 0);
            // Racks: one while the job has no share yet or the node's rack holds one, else two.
            int racks = row[8] > 0.5f || row[7] > 0.5f ? 1 : 2;
            scores[i] = (float) (fitness * NodeCountFitness.of(Math.max(1, span)) * RackCountFitness.of(racks)
                    + 1e-4 * row[1]);
        }
        return scores;
    }
}
