package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.testing.Clusters;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptimusForecastTest {

    private final JobView job = ObservedJobs.allReduce("ar", 0, 8, w -> 10.0 * w, 3_000, 20_000, Allocation.NONE);

    @Test
    void predictsWhatThePolicysOwnFittedModelsPredict() {
        OptimusPolicy policy = new OptimusPolicy();
        policy.plan(Clusters.uniform(2, 4), List.of(job));
        PolicyState.FittedJob fitted = policy.saveState().jobs().get("ar");
        ConvergenceModel curve = FittedModelForms.fromStored(fitted.curve());
        SpeedModel speed = FittedModelForms.fromStored(fitted.speed());

        OptimusForecast forecast = OptimusForecast.of(job, fitted);
        OptimusForecast.RemainingTime remaining = forecast.remainingTime(2, 0);

        assertEquals(curve.loss(5_000), forecast.lossAt(5_000).orElseThrow(), 1e-12);
        assertEquals(speed.stepsPerSecond(2, 0), forecast.stepsPerSecond(2, 0).orElseThrow(), 1e-12);
        assertEquals(ModelCache.remainingSteps(job, java.util.Optional.of(curve)), remaining.steps(), 1e-9);
        assertEquals(remaining.steps() / speed.stepsPerSecond(2, 0), remaining.seconds(), 1e-9);
        assertNull(remaining.reason());
        // The toy curve reaches the target near step 20,000 and the job is at 3,000.
        assertEquals(17_000, remaining.steps(), 1_000);
    }

    @Test
    void givesNoRemainingTimeButAReasonWithoutASpeedModel() {
        OptimusForecast forecast = OptimusForecast.of(job, new PolicyState.FittedJob(null, null, 0, 0, 0, List.of()));

        OptimusForecast.RemainingTime remaining = forecast.remainingTime(2, 0);

        assertNull(remaining.seconds());
        assertTrue(remaining.reason().contains("no speed model"), remaining.reason());
        assertFalse(forecast.hasLossCurve());
        assertTrue(forecast.lossAt(10).isEmpty());
    }

    @Test
    void givesNoRemainingTimeForAJobWithoutWorkers() {
        PolicyState.Speed linear = new PolicyState.Speed(FittedModelForms.ALL_REDUCE, List.of(0.1, 0.0, 0.0), 0);
        OptimusForecast forecast = OptimusForecast.of(job, new PolicyState.FittedJob(null, linear, 0, 0, 0, List.of()));

        assertNull(forecast.remainingTime(0, 0).seconds());
        assertTrue(forecast.remainingTime(0, 0).reason().contains("no workers"));
        assertEquals(3_000 / 10.0, forecast.remainingTime(1, 0).seconds(), 1e-9, "no curve: half-way prior, 3,000 steps at 10/s");
    }
}
