package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpeedFitterTest {

    private final SpeedFitter fitter = new SpeedFitter();

    @Test
    void choosesTheFormFromArchitectureAndSyncMode() {
        List<ProgressSample> samples = List.of(sample(2, 1, 1.0), sample(4, 2, 1.8), sample(8, 2, 2.5));
        assertInstanceOf(AllReduceSpeedModel.class, fitter.fit(allReduce(), samples).orElseThrow());
        SpeedModel sync = fitter.fit(parameterServer(SyncMode.SYNCHRONOUS), samples).orElseThrow();
        assertInstanceOf(SyncPsSpeedModel.class, sync);
        assertEquals(128, ((SyncPsSpeedModel) sync).globalBatch());
        assertInstanceOf(AsyncPsSpeedModel.class, fitter.fit(parameterServer(SyncMode.ASYNCHRONOUS), samples).orElseThrow());
    }

    @Test
    void returnsEmptyWithoutAUsableSpeedSample() {
        List<ProgressSample> unusable = List.of(sample(2, 1, 0.0), sample(2, 1, Double.NaN), sample(0, 1, 1.0));
        assertEquals(Optional.empty(), fitter.fit(allReduce(), unusable));
        assertEquals(Optional.empty(), fitter.fit(allReduce(), List.of()));
        assertEquals(Optional.empty(), fitter.fit(parameterServer(SyncMode.SYNCHRONOUS), List.of(sample(2, 0, 1.0))));
    }

    @Test
    void skipsUnusableSamplesAndFitsTheRest() {
        List<ProgressSample> mixed = List.of(sample(2, 1, Double.NaN), sample(4, 1, 2.0), sample(4, 1, -3.0));
        SpeedModel model = fitter.fit(allReduce(), mixed).orElseThrow();
        assertEquals(2.0, model.stepsPerSecond(4, 0), 1e-6);
        assertTrue(model.stepsPerSecond(8, 0) > 0);
    }

    @Test
    void observationsFromSamplesKeepOnlyThoseWithSpeed() {
        List<SpeedObservation> observations = SpeedObservation.fromSamples(
                List.of(sample(2, 1, 1.5), sample(2, 1, 0.0), sample(3, 1, Double.POSITIVE_INFINITY)), 128);
        assertEquals(List.of(new SpeedObservation(2, 1, 1.5)), observations);
    }

    @Test
    void aJobWhoseBatchFollowsItsSizeIsSeenInReferenceStepsSoItScales() {
        // Two workers at batch 256 (reference 128), one step a second, noise scale 384: each step
        // is worth 2 x (384 + 128) / (384 + 256) = 1.6 reference steps.
        ProgressSample doubled = sample(2, 0, 1.0).atBatch(256, 384);
        ProgressSample unknownNoise = sample(2, 0, 1.0).atBatch(256, Double.NaN);
        List<SpeedObservation> observations = SpeedObservation.fromSamples(
                List.of(sample(1, 0, 1.0), doubled, unknownNoise), 128);
        assertEquals(1.0, observations.get(0).stepsPerSecond(), 1e-12);
        assertEquals(1.6, observations.get(1).stepsPerSecond(), 1e-12);
        assertEquals(2.0, observations.get(2).stepsPerSecond(), 1e-12, "no noise scale: perfect scaling");
    }

    private static ProgressSample sample(int workers, int ps, double speed) {
        return new ProgressSample(10, 100, 1.0, speed, workers, ps);
    }

    private static JobSpec allReduce() {
        return new JobSpec("j1", "resnet", "alice", "dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(1, 4, 8192), Resources.ZERO, 1, 8, 0, 0, 2, 0, 128,
                new TrainingGoal.FixedSteps(1000));
    }

    private static JobSpec parameterServer(SyncMode mode) {
        return new JobSpec("j2", "vgg", "bob", "dl", Framework.MXNET, Architecture.PARAMETER_SERVER, mode,
                Resources.of(1, 4, 8192), Resources.of(0, 2, 4096), 1, 8, 1, 4, 2, 1, 128,
                new TrainingGoal.FixedSteps(1000));
    }
}
