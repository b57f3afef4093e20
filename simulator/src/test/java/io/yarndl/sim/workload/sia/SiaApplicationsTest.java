package io.yarndl.sim.workload.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TrueSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

class SiaApplicationsTest {

    private static final SiaApplications APPS = SiaApplications.in(RepoData.dir().resolve("sia"));
    private static final SiaJobTypes TYPES = new SiaJobTypes(APPS);

    @Test
    void everyApplicationIsMeasuredOnSiasFiveGpuTypes() {
        for (String app : SiaApplications.MAX_EPOCHS.keySet()) {
            assertEquals(List.of("A100", "QUADRO", "RTX", "T4", "V100"), List.copyOf(APPS.get(app).stepTimes().keySet()),
                    app);
        }
    }

    @Test
    void imagenetTrainsFasterOnA100ThanOnRtxAndOnRtxThanOnT4AtEverySize() {
        TrueSpeed speed = TYPES.type("imagenet", 3200).speed();
        for (int w = 1; w <= 16; w++) {
            double a100 = speed.stepsPerSecond(w, 0, (w + 7) / 8, "A100");
            double rtx = speed.stepsPerSecond(w, 0, (w + 7) / 8, "RTX");
            double t4 = speed.stepsPerSecond(w, 0, (w + 3) / 4, "T4");
            assertTrue(a100 > rtx && rtx > t4, w + " workers: A100 " + a100 + ", RTX " + rtx + ", T4 " + t4);
        }
    }

    @Test
    void everyApplicationButNcfTrainsFasterOnOneA100ThanOnOneT4() {
        // NCF's steps take about 10 ms, bound by kernel launches, not arithmetic: Sia measured them
        // faster on a T4 than on an A100, and the ground truth keeps that.
        for (String app : List.of("bert", "cifar10", "deepspeech2", "imagenet", "yolov3")) {
            int batch = APPS.get(app).iterationsByBatch().firstKey();
            TrueSpeed speed = TYPES.type(app, batch).speed();
            assertTrue(speed.stepsPerSecond(1, 0, 1, "A100") > speed.stepsPerSecond(1, 0, 1, "T4"), app);
        }
    }

    @Test
    void moreWorkersOnOneA100NodeTrainImagenetFaster() {
        TrueSpeed speed = TYPES.type("imagenet", 3200).speed();
        for (int w = 2; w <= 8; w *= 2) {
            assertTrue(speed.stepsPerSecond(w, 0, 1, "A100") > speed.stepsPerSecond(w / 2, 0, 1, "A100"), w + " workers");
        }
    }

    @Test
    void aJobRunsTheIterationsItsBatchSizeNeedsToFinishItsLastEpoch() {
        // validation-3200.csv, row 90 (imagenet trains 90 epochs); validation-1600.csv row 90 is 78453.
        assertEquals(42123, TYPES.requiredSteps("imagenet", 3200));
        assertEquals(Math.round((78453 + 42123) / 2.0), TYPES.requiredSteps("imagenet", 2400));
        // bert trains 2 epochs: the last of validation-384.csv's two rows.
        assertEquals(480, TYPES.requiredSteps("bert", 384));
    }

    @Test
    void aJobTypeIsTheApplicationAtOneBatchSize() {
        JobType type = TYPES.type("cifar10", 2048);

        assertEquals("cifar10 (batch size 2048)", type.name());
        assertEquals("cifar10", type.modelFamily());
        assertEquals(2048, type.globalBatchSize());
        assertEquals(JobType.Completion.AFTER_REQUIRED_STEPS, type.completion());
        assertEquals(0, type.maxPs());
        assertTrue(TYPES.type("cifar10", 2048) == type, "types are made once");
    }

    @Test
    void aJobMayGrowUntilEachReplicaWouldGetLessThanTheSmallestMeasuredBatch() {
        // deepspeech2's smallest local batch is 10, yolov3's 4; Sia caps replicas at 64.
        assertEquals(32, TYPES.type("deepspeech2", 320).maxWorkers());
        assertEquals(16, TYPES.type("yolov3", 64).maxWorkers());
        assertEquals(64, TYPES.type("imagenet", 3200).maxWorkers());
    }

    @Test
    void anUnknownApplicationListsSiasAndABatchOutsideTheValidatedOnesIsNamed() {
        IllegalArgumentException app = assertThrows(IllegalArgumentException.class, () -> TYPES.type("gpt_pmp", 48));
        IllegalArgumentException batch = assertThrows(IllegalArgumentException.class, () -> TYPES.type("imagenet", 100));

        assertTrue(app.getMessage().contains("bert, cifar10, deepspeech2, imagenet, ncf, yolov3")
                && app.getMessage().contains("pipeline-parallel"), app.getMessage());
        assertTrue(batch.getMessage().contains("[200, 400, 800, 1600, 3200, 6400, 12800]"), batch.getMessage());
    }

    @Test
    void deepspeech2OnRtxAccumulatesAboveSiasCapOf57() {
        assertEquals(57.0, APPS.get("deepspeech2").maxLocalByGpuType().get("RTX"));
    }
}
