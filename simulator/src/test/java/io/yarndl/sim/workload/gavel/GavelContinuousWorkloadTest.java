package io.yarndl.sim.workload.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GavelContinuousWorkloadTest {

    private static GavelJobTypes types;

    @BeforeAll
    static void read() throws IOException {
        types = GavelJobTypes.of(GavelThroughputsReader.read(RepoData.dir().resolve("gavel/simulation_throughputs.json")));
    }

    private static List<TraceJob> jobs(int n, double lam, long seed, boolean multiGpu) {
        return new GavelContinuousWorkload(types, new GavelContinuousWorkload.Spec(n, lam, seed, multiGpu)).generate();
    }

    @Test
    void sameSeedGivesTheSameJobsAndAnotherSeedOthers() {
        assertEquals(jobs(200, 600, 7, true), jobs(200, 600, 7, true));
        assertNotEquals(jobs(200, 600, 7, true), jobs(200, 600, 8, true));
    }

    @Test
    void scaleFactorsFollowGavelsPhillyDistribution() {
        List<TraceJob> jobs = jobs(40_000, 60, 1, true);
        Map<Integer, Integer> count = new HashMap<>();
        jobs.forEach(j -> count.merge(j.requestedWorkers(), 1, Integer::sum));

        assertEquals(0.70, count.get(1) / 40_000.0, 0.01);
        assertEquals(0.10, count.get(2) / 40_000.0, 0.01);
        assertEquals(0.15, count.get(4) / 40_000.0, 0.01);
        assertEquals(0.05, count.get(8) / 40_000.0, 0.01);
        for (TraceJob j : jobs) {
            assertEquals(j.requestedWorkers(), j.minWorkers());
            assertEquals(j.requestedWorkers(), j.maxWorkers());
        }
    }

    @Test
    void withoutMultiGpuEveryJobRunsOnOneGpuAndTypesAreUniform() {
        List<TraceJob> jobs = jobs(26_000, 60, 2, false);
        Map<String, Integer> byType = new HashMap<>();
        jobs.forEach(j -> byType.merge(j.type().name(), 1, Integer::sum));

        assertTrue(jobs.stream().allMatch(j -> j.requestedWorkers() == 1));
        assertEquals(26, byType.size());
        byType.forEach((type, n) -> assertEquals(1_000, n, 150, type));
    }

    @Test
    void multiGpuJobsAreOfGavelsDistributedModelsOnly() {
        jobs(5_000, 60, 3, true).stream().filter(j -> j.requestedWorkers() > 1).forEach(j -> {
            String family = j.type().modelFamily();
            assertTrue(family.startsWith("ResNet-18") || family.startsWith("ResNet-50")
                    || family.startsWith("Transformer") || family.startsWith("LM"), j.type().name());
        });
    }

    @Test
    void durationsOnTheReferenceGpuFollowGavelsTwoLogUniformRanges() {
        List<TraceJob> jobs = jobs(20_000, 60, 4, true);
        int longJobs = 0;
        for (TraceJob j : jobs) {
            GavelJobKey key = new GavelJobKey(j.type().modelFamily(), j.requestedWorkers());
            double seconds = j.requiredSteps() / types.referenceStepsPerSecond(key);
            double minutes = seconds / 60;
            assertTrue(minutes > Math.pow(10, 1.5) * 0.99 && minutes < 10_000 * 1.01, j + ": " + minutes + " min");
            longJobs += minutes > 1_000 ? 1 : 0;
        }
        assertEquals(0.2, longJobs / 20_000.0, 0.01);
    }

    @Test
    void arrivalsArePoissonWithMeanGapLamStartingAtZero() {
        List<TraceJob> jobs = jobs(20_000, 360, 5, true);

        assertEquals(0, jobs.get(0).arrivalSec());
        double meanGap = jobs.get(jobs.size() - 1).arrivalSec() / (jobs.size() - 1);
        assertEquals(360, meanGap, 360 * 0.03);
        for (int i = 1; i < jobs.size(); i++) {
            assertTrue(jobs.get(i).arrivalSec() >= jobs.get(i - 1).arrivalSec());
        }
        assertTrue(jobs(10, 0, 5, true).stream().allMatch(j -> j.arrivalSec() == 0));
    }

    @Test
    void scaleFactorThresholdsAreGavels() {
        assertEquals(1, GavelContinuousWorkload.scaleFactor(0.6999));
        assertEquals(2, GavelContinuousWorkload.scaleFactor(0.7));
        assertEquals(2, GavelContinuousWorkload.scaleFactor(0.8));
        assertEquals(4, GavelContinuousWorkload.scaleFactor(0.95));
        assertEquals(8, GavelContinuousWorkload.scaleFactor(0.9501));
        assertEquals(60 * Math.pow(10, 1.5), GavelContinuousWorkload.durationSec(0.5, 0), 1e-9);
        assertEquals(60 * 1_000, GavelContinuousWorkload.durationSec(0.8, 0), 1e-9);
    }
}
