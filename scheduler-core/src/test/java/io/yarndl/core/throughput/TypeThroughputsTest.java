package io.yarndl.core.throughput;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.testing.Jobs;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeThroughputsTest {

    private static final List<String> TYPES = List.of("V100", "K80");
    private static final String FAMILY = "ResNet-50 (batch size 64)";

    private static ThroughputProfile profile(String rows) throws IOException {
        return ThroughputProfile.read(new ByteArrayInputStream(rows.getBytes(StandardCharsets.UTF_8)), "test.csv");
    }

    @Test
    void shipsGavelsMeasuredTableForItsThreeGpuTypes() {
        ThroughputProfile gavel = ThroughputProfile.gavel();
        assertEquals(249, gavel.size(), "rows: every (family, scale factor) Gavel measured, on 3 types");
        double v100 = gavel.stepsPerSecond(FAMILY, 1, "v100").orElseThrow();
        double k80 = gavel.stepsPerSecond(FAMILY, 1, "K80").orElseThrow();
        assertTrue(v100 > 3 * k80, "V100 " + v100 + " vs K80 " + k80);
    }

    @Test
    void usesTheProfileBeforeTheJobHasRunAnywhere() throws IOException {
        TypeThroughputs estimates = new TypeThroughputs(profile(FAMILY + ",2,V100,10\n" + FAMILY + ",2,k80,2.5\n"));
        double[] speeds = estimates.estimate(Jobs.job("j").family(FAMILY).workers(2).build(), TYPES, 2);
        assertArrayEquals(new double[] {10, 2.5}, speeds, 1e-12);
    }

    @Test
    void scalesTheProfileToWhatTheJobMeasuredOnAnotherType() throws IOException {
        TypeThroughputs estimates = new TypeThroughputs(profile(FAMILY + ",1,V100,10\n" + FAMILY + ",1,K80,2.5\n"));
        double[] speeds = estimates.estimate(Jobs.job("j").family(FAMILY).measuredOn("K80", 1, 2.0).build(), TYPES, 1);
        assertArrayEquals(new double[] {8.0, 2.0}, speeds, 1e-12);
    }

    @Test
    void takesTheMeanOfTheNewestSamplesOnATypeScaledToTheWorkersAsked() {
        Jobs job = Jobs.job("j").workerRange(1, 4);
        for (int i = 0; i < 10; i++) {
            job.measuredOn("V100", 2, i < 5 ? 100 : 4.0);
        }
        double[] speeds = new TypeThroughputs(ThroughputProfile.empty()).estimate(job.build(), TYPES, 4);
        assertArrayEquals(new double[] {8.0, 8.0}, speeds, 1e-12);
    }

    @Test
    void treatsEveryTypeAlikeForAJobWithNoProfileAndNoSamples() {
        double[] speeds = new TypeThroughputs(ThroughputProfile.gavel()).estimate(Jobs.job("j").build(), TYPES, 1);
        assertArrayEquals(new double[] {TypeThroughputs.DEFAULT_STEPS_PER_SECOND,
                TypeThroughputs.DEFAULT_STEPS_PER_SECOND}, speeds, 0);
    }

    @Test
    void namesTheLineOfAMalformedProfileRow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> profile("# comment\nfamily,scale_factor,gpu_type,steps_per_second\nA3C,1,K80,fast\n"));
        assertTrue(e.getMessage().startsWith("test.csv line 3: "), e.getMessage());
    }
}
