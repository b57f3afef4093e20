package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressEstimateTest {

    @Test
    void fixedStepsGoalIsStepsDoneOverTotalSteps() {
        assertEquals(0.25, ProgressEstimate.of(job(TrainingGoal.steps(1_000), sample(100, 2.0), sample(250, 1.8))), 1e-9);
        assertEquals(1.0, ProgressEstimate.of(job(TrainingGoal.steps(1_000), sample(1_500, 1.0))), 1e-9,
                "steps past the goal count as done, not more");
        assertEquals(0.0, ProgressEstimate.of(job(TrainingGoal.steps(1_000))), "nothing reported yet");
    }

    @Test
    void targetLossGoalMeasuresHowFarTheLossCameFromTheFirstTowardsTheTarget() {
        // From 2.0 towards 0.5; the last three reports 1.3, 1.1, 1.2 have median 1.2: 0.8 of 1.5.
        JobView job = job(TrainingGoal.targetLoss(0.5),
                sample(10, 2.0), sample(20, 1.6), sample(30, 1.3), sample(40, 1.1), sample(50, 1.2));

        assertEquals(0.8 / 1.5, ProgressEstimate.of(job), 1e-9);
    }

    @Test
    void oneNoisyReportDoesNotMoveTheEstimate() {
        List<ProgressSample> steady = List.of(sample(10, 2.0), sample(20, 1.25), sample(30, 1.25));
        List<ProgressSample> spiked = new ArrayList<>(steady);
        spiked.add(sample(40, 0.51));

        double before = ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5), steady));
        double after = ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5), spiked));

        assertEquals(0.5, before, 1e-9);
        assertEquals(before, after, 1e-9, "the median of the last three ignores one outlier");
    }

    @Test
    void skipsNanAndNegativeSamples() {
        List<ProgressSample> clean = List.of(sample(10, 2.0), sample(20, 1.4), sample(30, 1.1), sample(40, 1.25));
        List<ProgressSample> dirty = List.of(sample(5, Double.NaN), sample(10, 2.0), sample(15, -3.0),
                sample(20, 1.4), new ProgressSample(25, -1, 0.7, 1, 1, 0), sample(30, 1.1),
                sample(35, Double.POSITIVE_INFINITY), sample(40, 1.25), sample(45, Double.NaN));

        assertEquals(ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5), clean)),
                ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5), dirty)), 1e-9);
        assertEquals(0.04, ProgressEstimate.of(job(TrainingGoal.steps(1_000), sample(40, 1.0),
                new ProgressSample(50, -5, 1.0, 1, 1, 0))), 1e-9, "a negative step is not the current step");
    }

    @Test
    void fewerThanTwoUsableSamplesGiveZero() {
        assertEquals(0.0, ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5))));
        assertEquals(0.0, ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5), sample(10, 2.0))));
        assertEquals(0.0, ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5), sample(10, 2.0),
                sample(20, Double.NaN))));
    }

    @Test
    void lossAlreadyBelowTheTargetAtFirstReportGivesZeroRatherThanNonsense() {
        assertEquals(0.0, ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5),
                sample(10, 0.4), sample(20, 0.3), sample(30, 0.2))));
    }

    @Test
    void staysWithinZeroAndOne() {
        assertEquals(1.0, ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5),
                sample(10, 2.0), sample(20, 0.3), sample(30, 0.2))), "past the target");
        assertEquals(0.0, ProgressEstimate.of(job(TrainingGoal.targetLoss(0.5),
                sample(10, 2.0), sample(20, 3.0), sample(30, 2.5))), "diverging");
    }

    private static ProgressSample sample(long step, double loss) {
        return new ProgressSample(step, step, loss, 1.0, 1, 0);
    }

    private static JobView job(TrainingGoal goal, ProgressSample... samples) {
        return job(goal, List.of(samples));
    }

    private static JobView job(TrainingGoal goal, List<ProgressSample> samples) {
        JobSpec spec = new JobSpec("j", "resnet-50", "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(1, 4, 16_384), Resources.ZERO, 1, 4, 0, 0, 1, 0, 64, goal);
        return new JobView(spec, 0, Allocation.NONE, samples);
    }
}
