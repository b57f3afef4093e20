package io.yarndl.core.placement.marl;

/**
 * What scores the candidates of one decision: the agents' shared network (served from ONNX) or,
 * for training's warm-up, the teacher.
 */
public interface CandidateScorer {

    /**
     * One score per row of {@code candidates} ({@link MarlLayout#FEATURES} features each); higher is
     * better.
     *
     * @throws RuntimeException when the scorer cannot answer (a broken model); the caller falls back
     */
    float[] scores(float[][] candidates);
}
