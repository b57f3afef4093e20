package io.yarndl.sim.papers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.papers.PublishedFigures.Figure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GoalCheckTest {

    private static final Optional<Figure> POLLUX = Optional.of(new Figure("pollux", "Pollux", 0.76, 12, 17, true, "c"));

    @Test
    void reachedWhenTheBestIsAtOrBelowThePublishedFigureAndThirtyPercentBelowOptimus() {
        GoalCheck check = GoalCheck.of(results(Map.of("optimus", 1.2, "drf", 0.8, "pollux", 0.7)), POLLUX);

        assertEquals("pollux", check.bestPolicy());
        assertTrue(check.reachesPublished().orElseThrow());
        assertTrue(check.reachesOptimusMargin().orElseThrow(), "0.7 h is 41.7% below 1.2 h");
        assertTrue(check.reached());
        assertTrue(check.sentence().endsWith("Best: pollux at 0.70 h, 0.92x Pollux's (reached); 41.7% below optimus"
                + " (reached). Goal reached."), check.sentence());
    }

    @Test
    void notReachedWhenEitherPartFails() {
        GoalCheck slow = GoalCheck.of(results(Map.of("optimus", 1.2, "drf", 0.8)), POLLUX);
        GoalCheck closeToOptimus = GoalCheck.of(results(Map.of("optimus", 0.9, "sia", 0.7)), POLLUX);

        assertFalse(slow.reachesPublished().orElseThrow());
        assertTrue(slow.reachesOptimusMargin().orElseThrow());
        assertFalse(slow.reached());
        assertTrue(closeToOptimus.reachesPublished().orElseThrow());
        assertFalse(closeToOptimus.reachesOptimusMargin().orElseThrow(), "0.7 h is 22% below 0.9 h");
        assertTrue(closeToOptimus.sentence().contains("22.2% below optimus (not reached). Goal not reached."),
                closeToOptimus.sentence());
    }

    @Test
    void aPolicyThatFailedAWorkloadIsNotTheBestAndNoOptimusMeansNoVerdictOnThatPart() {
        Map<String, PolicyFigures> results = results(Map.of("drf", 0.9));
        PolicyFigures failed = new PolicyFigures(List.of("workload-1"));
        failed.failed(0, "stopped");
        results.put("sia", failed);
        GoalCheck check = GoalCheck.of(results, POLLUX);

        assertEquals("drf", check.bestPolicy());
        assertTrue(check.reachesOptimusMargin().isEmpty());
        assertFalse(check.reached());
    }

    /** One workload per policy, its avg JCT in hours. */
    private static Map<String, PolicyFigures> results(Map<String, Double> avgHours) {
        Map<String, PolicyFigures> results = new LinkedHashMap<>();
        avgHours.forEach((policy, hours) -> {
            PolicyFigures figures = new PolicyFigures(List.of("workload-1"));
            figures.finished(0, new RunFigures(10, hours * 3600, hours * 7200, hours * 9000, 0));
            results.put(policy, figures);
        });
        return results;
    }
}
