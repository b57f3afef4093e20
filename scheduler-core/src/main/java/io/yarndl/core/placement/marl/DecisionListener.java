package io.yarndl.core.placement.marl;

/**
 * Told about every decision the {@code marl} placement makes: what training records. Serving passes
 * {@link #NONE}.
 */
public interface DecisionListener {

    DecisionListener NONE = (candidates, chosen, teacher) -> { };

    /**
     * @param candidates the rows the scorer saw ({@link MarlLayout})
     * @param chosen     the row picked
     * @param teacher    the row interference-aware's fitness ranks first ({@link TeacherScores}), the
     *                   warm-up's label
     */
    void decided(float[][] candidates, int chosen, int teacher);
}
