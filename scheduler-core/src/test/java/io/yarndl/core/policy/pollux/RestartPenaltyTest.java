package io.yarndl.core.policy.pollux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.testing.GoodputJobs;
import org.junit.jupiter.api.Test;

class RestartPenaltyTest {

    @Test
    void weighsAgeAgainstWhatRestartsCostAndWillCost() {
        JobView job = GoodputJobs.job("a").submittedAt(100).restarts(new Restarts(2, 50)).build();
        // age 300 s, 50 s lost, next one expected at the measured mean 25 s: (300 - 50) / (300 + 25)
        assertEquals(250.0 / 325, new RestartPenalty(30, false).factor(job, 400), 1e-12);
    }

    @Test
    void usesThePriorUntilARestartIsMeasured() {
        JobView job = GoodputJobs.job("a").submittedAt(0).build();
        assertEquals(60.0 / 90, new RestartPenalty(30, false).factor(job, 60), 1e-12);
    }

    @Test
    void siaSparesAJobYoungerThanARestart() {
        JobView job = GoodputJobs.job("a").submittedAt(0).build();
        assertEquals(1.0, new RestartPenalty(30, true).factor(job, 20), 0);
        assertEquals(20.0 / 50, new RestartPenalty(30, false).factor(job, 20), 1e-12);
    }
}
