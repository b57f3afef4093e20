package io.yarndl.core.policy.resize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResizeCostTest {

    private static final ResizeCost TEN_PRIOR_30 = new ResizeCost(new ResizeSettings(30, 10));

    private static JobView job(Allocation allocation, Restarts restarts) {
        JobSpec spec = new JobSpec("j", "model", "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(1, 4, 16_384), Resources.ZERO, 1, 8, 0, 0, 1, 0, 64,
                TrainingGoal.steps(1_000));
        return new JobView(spec, 0, allocation, List.of(), restarts);
    }

    private static Allocation workers(int count) {
        return new Allocation(Map.of("n1", new TaskCount(count, 0)));
    }

    @Test
    void chargesARunningJobKTimesThePriorBeforeAnyRestartIsMeasured() {
        JobView running = job(workers(4), Restarts.NONE);

        assertEquals(30, TEN_PRIOR_30.restartSeconds(running));
        assertEquals(300, TEN_PRIOR_30.charge(running));
        assertTrue(TEN_PRIOR_30.describe(running).contains("prior"), TEN_PRIOR_30.describe(running));
    }

    @Test
    void usesTheJobsOwnMeasuredRestartsOverThePrior() {
        JobView measured = job(workers(4), new Restarts(2, 240));

        assertEquals(120, TEN_PRIOR_30.restartSeconds(measured));
        assertEquals(1_200, TEN_PRIOR_30.charge(measured));
        assertTrue(TEN_PRIOR_30.describe(measured).contains("mean of 2 measured"), TEN_PRIOR_30.describe(measured));
    }

    @Test
    void holdsAJobWhoseSavingIsBelowItsChargeAndResizesOneWhoseSavingExceedsIt() {
        JobView running = job(workers(4), Restarts.NONE);

        assertFalse(TEN_PRIOR_30.pays(running, 299), "299 s saved does not pay 10 x 30 s");
        assertFalse(TEN_PRIOR_30.pays(running, 300), "a saving equal to the charge does not pay it");
        assertTrue(TEN_PRIOR_30.pays(running, 301));
    }

    @Test
    void chargesOneRestartForRoomNoOtherJobIsGiven() {
        JobView running = job(workers(4), new Restarts(2, 240));

        assertEquals(120, TEN_PRIOR_30.chargeIntoIdle(running));
        assertEquals(60, new ResizeCost(new ResizeSettings(30, 0.5)).chargeIntoIdle(running), "k below 1 stays");
        assertEquals(0, TEN_PRIOR_30.chargeIntoIdle(job(Allocation.NONE, Restarts.NONE)));
    }

    @Test
    void neverChargesAJobThatWaits() {
        JobView waiting = job(Allocation.NONE, new Restarts(3, 900));

        assertEquals(0, TEN_PRIOR_30.charge(waiting));
        assertTrue(TEN_PRIOR_30.pays(waiting, 0), "starting a job is no resize");
    }

    @Test
    void chargesNothingAtTheSizeTheJobHolds() {
        JobView running = job(workers(4), Restarts.NONE);

        assertEquals(0, TEN_PRIOR_30.chargeAt(running, new TaskCount(4, 0)));
        assertEquals(300, TEN_PRIOR_30.chargeAt(running, new TaskCount(5, 0)));
        assertEquals(300, TEN_PRIOR_30.chargeAt(running, new TaskCount(3, 0)));
    }

    @Test
    void chargesNothingWhenTurnedOff() {
        ResizeCost off = new ResizeCost(ResizeSettings.OFF);
        JobView running = job(workers(4), new Restarts(2, 240));

        assertEquals(0, off.charge(running));
        assertTrue(off.pays(running, 1e-9));
    }

    @Test
    void refusesSettingsThatAreNotNonNegativeNumbers() {
        assertThrows(IllegalArgumentException.class, () -> new ResizeSettings(-1, 10));
        assertThrows(IllegalArgumentException.class, () -> new ResizeSettings(Double.NaN, 10));
        assertThrows(IllegalArgumentException.class, () -> new ResizeSettings(30, -0.5));
        assertThrows(IllegalArgumentException.class, () -> new ResizeSettings(30, Double.POSITIVE_INFINITY));
    }
}
