package io.yarndl.sim.workload.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.sim.workload.BatchChoice;
import io.yarndl.sim.workload.GoodputTruth;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TrueSpeed;
import org.junit.jupiter.api.Test;

/**
 * When a batch-adaptive job of Pollux's applications is done, how its steps count, and which
 * batch it trains at (Pollux's T4 profiles, data/pollux/traces).
 */
class SiaGoodputTest {

    private static final SiaApplications POLLUX = SiaApplications.pollux(RepoData.dir().resolve("pollux"));
    private static final SiaJobTypes ADAPTIVE = SiaJobTypes.forWorkloads(POLLUX, false);

    private static GoodputTruth goodput(String app, int batch) {
        return ADAPTIVE.type(app, batch).goodput();
    }

    @Test
    void aJobIsDoneAtTheProgressOfItsLastEpochCountedInStepsOfItsTraceBatch() {
        // bert: P(1) = 7387.0 and P(2) = 14774.0 (validation-12.csv, the smallest progress of any batch); at
        // batch 384 a step makes gain(384, 0) = 30.9741... and gain(384, 1) = 31.0964... initial-batch steps.
        GoodputTruth bert = goodput("bert", 384);

        assertEquals(2, bert.epochs());
        assertEquals(7387.0 / 30.974137661606225, bert.stepsAtEpoch(1), 1e-6);
        assertEquals(238.48928679478635 + (14774.0 - 7387.0) / 31.096465402109605, bert.stepsAtEpoch(2), 1e-6);
        assertEquals(476, ADAPTIVE.requiredSteps("bert", 384));
    }

    @Test
    void theEpochIsTheLastOneStartedAndTheLastEpochNeverEnds() {
        GoodputTruth cifar = goodput("cifar10", 2048);

        assertEquals(0, cifar.epochAt(0));
        assertEquals(0, cifar.epochAt(Math.nextDown(cifar.stepsAtEpoch(1))));
        assertEquals(1, cifar.epochAt(cifar.stepsAtEpoch(1)));
        assertEquals(99, cifar.epochAt(cifar.stepsAtEpoch(100) * 2));
    }

    @Test
    void aStepAtItsOwnBatchCountsAsOneReferenceStep() {
        // ncf keeps its batch (32768) and one replica, as Pollux and Sia run it: its steps are its own.
        BatchChoice ncf = goodput("ncf", 32768).choose(1, 1, "T4", 3);

        assertEquals(32768, ncf.batch());
        assertEquals(ncf.stepsPerSecond(), ncf.referenceStepsPerSecond(), 1e-12);
    }

    @Test
    void workloadTypesAdaptWithinPolluxsInitialAndLargestBatchAndDeclareTheirRestart() {
        assertEquals(new BatchLimits(200, 12800, 200), ADAPTIVE.type("imagenet", 3200).batchLimits());
        assertEquals(3200, ADAPTIVE.type("imagenet", 3200).globalBatchSize());
        assertEquals(64, ADAPTIVE.type("imagenet", 3200).maxWorkers());
        assertEquals(250.0, ADAPTIVE.type("imagenet", 3200).restartSec().getAsDouble());
        assertEquals(new BatchLimits(8, 512, 8), ADAPTIVE.type("yolov3", 64).batchLimits());
        assertEquals(BatchLimits.fixed(32768).min(), ADAPTIVE.type("ncf", 32768).batchLimits().max());
        assertEquals(1, ADAPTIVE.type("ncf", 32768).maxWorkers());
    }

    @Test
    void theChosenBatchHasAtLeastTheTrueGoodputOfEveryValidatedBatch() {
        BatchOracle oracle = new BatchOracle(POLLUX.get("imagenet"));
        BatchLimits limits = new BatchLimits(200, 12800, 200);
        ValidationCurves curves = POLLUX.get("imagenet").validation();
        for (int workers : new int[] {1, 4, 8, 16}) {
            int nodes = (workers + 3) / 4;
            for (int epoch : new int[] {0, 30, 80}) {
                BatchOracle.Choice best = oracle.choose(workers, nodes, "", "T4", epoch, limits);
                double goodput = best.gain() / best.stepSeconds();
                for (int batch : curves.batches()) {
                    if (batch < 20 * workers) {
                        continue; // below the smallest local batch measured, not a choice
                    }
                    BatchOracle.Choice fixed = oracle.choose(workers, nodes, "", "T4", epoch,
                            new BatchLimits(batch, batch, 200));
                    // 50 candidates 9% apart: within 2% of any batch between them.
                    assertTrue(goodput >= 0.98 * fixed.gain() / fixed.stepSeconds(), workers + " workers, epoch "
                            + epoch + ": chose " + best + ", batch " + batch + " gives " + fixed);
                }
                assertTrue(limits.allows(best.batch()), best.toString());
            }
        }
    }

    @Test
    void moreGpusTrainALargerBatchOnceTheGradientIsNoisy() {
        GoodputTruth imagenet = goodput("imagenet", 3200);

        BatchChoice one = imagenet.choose(1, 1, "T4", 80);
        BatchChoice sixteen = imagenet.choose(16, 4, "T4", 80);

        assertTrue(sixteen.batch() > one.batch(), one + " vs " + sixteen);
        assertTrue(sixteen.referenceStepsPerSecond() > one.referenceStepsPerSecond(), one + " vs " + sixteen);
    }

    @Test
    void oneReplicaAccumulatesAboveTheInitialBatchAndNoGpuHoldsMoreThanItsLocalCap() {
        GoodputTruth yolo = goodput("yolov3", 64);
        for (int workers = 1; workers <= 16; workers++) {
            for (int epoch = 0; epoch < 50; epoch += 7) {
                BatchChoice c = yolo.choose(workers, (workers + 3) / 4, "T4", epoch);
                assertTrue(c.atomicBatch() <= 8, workers + " workers, epoch " + epoch + ": " + c);
                assertEquals(workers * c.atomicBatch() * (c.accumulationSteps() + 1), c.batch());
                if (workers == 1 && c.batch() > 8) {
                    assertTrue(c.accumulationSteps() >= 1, c.toString());
                }
            }
        }
    }

    @Test
    void aGpuTypeTheApplicationWasNotMeasuredOnIsNamedWithTheMeasuredOnes() {
        GoodputTruth sia = SiaJobTypes.forWorkloads(SiaApplications.in(RepoData.dir().resolve("sia")), false)
                .type("imagenet", 3200).goodput();

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sia.choose(1, 1, "K80", 0));
        IllegalArgumentException pollux = assertThrows(IllegalArgumentException.class,
                () -> goodput("imagenet", 3200).choose(1, 1, "A100", 0));

        assertTrue(e.getMessage().contains("Sia measured imagenet on A100, QUADRO, RTX, T4, V100 only, not on GPU"
                + " type K80"), e.getMessage());
        assertTrue(pollux.getMessage().contains("Pollux measured imagenet on T4 only"), pollux.getMessage());
    }

    @Test
    void polluxsFixedBatchSpeedWithoutAGpuTypeIsItsT4Speed() {
        TrueSpeed speed = ADAPTIVE.type("cifar10", 2048).speed();

        assertEquals(speed.stepsPerSecond(4, 0, 1, "T4"), speed.stepsPerSecond(4, 0, 1));
    }

    @Test
    void fixedBatchWorkloadTypesAreThePhillyMixsTypesWithTheirRestartDeclared() {
        SiaApplications sia = SiaApplications.in(RepoData.dir().resolve("sia"));
        SiaJobTypes legacy = new SiaJobTypes(sia);
        SiaJobTypes fixed = SiaJobTypes.forWorkloads(sia, true);
        for (String app : new String[] {"bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3"}) {
            int batch = sia.get(app).iterationsByBatch().lastKey();
            assertEquals(legacy.requiredSteps(app, batch), fixed.requiredSteps(app, batch), app);
            assertEquals(legacy.type(app, batch).maxWorkers(), fixed.type(app, batch).maxWorkers(), app);
            assertEquals(legacy.type(app, batch).speed().stepsPerSecond(4, 0, 1, "A100"),
                    fixed.type(app, batch).speed().stepsPerSecond(4, 0, 1, "A100"), app);
            assertTrue(!fixed.type(app, batch).adaptsBatch() && fixed.type(app, batch).restartSec().isPresent()
                    && legacy.type(app, batch).restartSec().isEmpty(), app);
        }
    }
}
