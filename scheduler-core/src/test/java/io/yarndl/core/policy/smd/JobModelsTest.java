package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.smd.layers.LayerTables;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobModelsTest {

    private static final LayerTables TABLES = LayerTables.shipped();
    private static final ShippedCalibrations CALIBRATIONS = ShippedCalibrations.shipped();

    private static JobView job(String name, String family, int[][] sizes, java.util.function.ToDoubleBiFunction<Integer, Integer> speed) {
        JobSpec spec = new JobSpec("j", name, "carol", "root.dl", Framework.MXNET, Architecture.PARAMETER_SERVER,
                SyncMode.SYNCHRONOUS, Resources.of(1, 4, 8192), Resources.of(0, 2, 4096), 1, 12, 1, 12, 1, 1, 32,
                TrainingGoal.steps(100_000), family);
        List<ProgressSample> samples = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            samples.add(new ProgressSample(60.0 * (i + 1), 100L * (i + 1), 1.0,
                    speed.applyAsDouble(sizes[i][0], sizes[i][1]), sizes[i][0], sizes[i][1]));
        }
        return new JobView(spec, 0, Allocation.NONE, samples);
    }

    private static IterationModel prior(String model) {
        return new IterationModel(new IterationModel.Shape(TABLES.require(model)), CALIBRATIONS.find(model).orElseThrow());
    }

    @Test
    void scalesItsTypesCalibrationToAJobMeasuredTwiceAsSlow() {
        IterationModel type = prior("vgg-16");
        JobView slow = job("my-job", "VGG-16", new int[][] {{1, 1}, {2, 1}},
                (w, p) -> type.stepsPerSecond(w, p) / 2);
        JobModels.Estimate estimate = new JobModels(TABLES, CALIBRATIONS).estimate(slow);

        assertTrue(estimate.isModelled());
        IterationModel fitted = assertInstanceOf(IterationModel.class, estimate.stepTime().orElseThrow());
        assertEquals(2 * type.secondsPerStep(6, 3), fitted.secondsPerStep(6, 3), 1e-9 * type.secondsPerStep(6, 3));
        assertEquals(100_000 - 200, estimate.remainingSteps());
    }

    @Test
    void fitsItsOwnCalibrationOnceItHasReportedEnoughSizes() {
        IterationModel.Shape shape = new IterationModel.Shape(TABLES.require("resnet-50"));
        IterationModel truth = new IterationModel(shape, new Calibration(0.4, 0.01, 2e-10, 0.002, 0.001));
        JobView measured = job("resnet-50", "", new int[][] {{1, 1}, {2, 1}, {2, 2}, {4, 2}, {4, 4}, {8, 4}},
                truth::stepsPerSecond);
        IterationModel fitted = (IterationModel) new JobModels(TABLES, CALIBRATIONS).estimate(measured)
                .stepTime().orElseThrow();

        for (int w : new int[] {3, 6, 12}) {
            assertEquals(truth.secondsPerStep(w, 3), fitted.secondsPerStep(w, 3), 1e-6 * truth.secondsPerStep(w, 3));
        }
    }

    @Test
    void learnsFromTwoWorkerCountsThatAJobScalesBetterThanItsType() {
        // DL2's resnet-50 barely sped up with workers; this job's steps halve with twice the workers.
        JobView scaling = job("toy", "resnet-50", new int[][] {{1, 1}, {1, 1}, {2, 1}, {2, 1}},
                (w, p) -> w / 0.5);
        IterationModel fitted = (IterationModel) new JobModels(TABLES, CALIBRATIONS).estimate(scaling)
                .stepTime().orElseThrow();

        assertEquals(0.5, fitted.secondsPerStep(1, 1), 0.01);
        assertEquals(0.25, fitted.secondsPerStep(2, 1), 0.01);
        assertTrue(fitted.secondsPerStep(4, 1) < 0.2, "it expects more workers to help: " + fitted.secondsPerStep(4, 1));
    }

    @Test
    void fallsBackToOptimusCurveWithoutALayerTable() {
        JobView unknown = job("my-private-model", "", new int[][] {{1, 1}, {2, 1}, {2, 2}},
                (w, p) -> w / (1.0 + 0.1 * w));
        StepTime stepTime = new JobModels(TABLES, CALIBRATIONS).estimate(unknown).stepTime().orElseThrow();

        assertInstanceOf(BlackBoxStepTime.class, stepTime);
        assertEquals("", stepTime.layout(2));
    }
}
