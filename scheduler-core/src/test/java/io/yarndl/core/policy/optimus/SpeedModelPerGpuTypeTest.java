package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.testing.Jobs;
import org.junit.jupiter.api.Test;

/** Optimus' speed model is fitted per GPU type: moving a job to a slower type refits it from that type's samples. */
class SpeedModelPerGpuTypeTest {

    @Test
    void fitsTheSpeedModelToTheSamplesOfTheTypeTheJobRunsOnNow() {
        Jobs job = Jobs.job("j").workerRange(1, 4);
        for (int workers = 1; workers <= 4; workers++) {
            job.measuredOn("V100", workers, 10.0 * workers);
        }
        ModelCache cache = new ModelCache();
        assertEquals(30.0, cache.estimate(job.build()).speed().orElseThrow().stepsPerSecond(3, 0), 0.5);

        for (int workers = 1; workers <= 4; workers++) {
            job.measuredOn("K80", workers, 2.0 * workers);
        }
        assertEquals(6.0, cache.estimate(job.build()).speed().orElseThrow().stepsPerSecond(3, 0), 0.1);
    }
}
