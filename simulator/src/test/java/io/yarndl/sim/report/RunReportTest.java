package io.yarndl.sim.report;

import static io.yarndl.sim.report.ReportFixtures.outcome;
import static io.yarndl.sim.report.ReportFixtures.parseCsvLine;
import static io.yarndl.sim.report.ReportFixtures.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.engine.JobOutcome;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportTest {

    @TempDir
    Path out;

    @Test
    void perJobRowsParseBackToTheOutcomesWritten() throws IOException {
        Path file = out.resolve("jobs.csv");
        try (JobOutcomeCsvWriter writer = new JobOutcomeCsvWriter(file)) {
            for (int i = 0; i < 50; i++) {
                writer.accept(outcome(i, 1000.0 + 37.125 * i));
            }
            assertEquals(50, writer.rows());
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(JobOutcomeCsvWriter.HEADER, lines.get(0));
        assertEquals(51, lines.size());
        for (int i = 0; i < 50; i++) {
            JobOutcome expected = outcome(i, 1000.0 + 37.125 * i);
            List<String> cells = parseCsvLine(lines.get(i + 1));
            assertEquals(12, cells.size(), lines.get(i + 1));
            assertEquals(expected.jobId(), cells.get(0));
            assertEquals(expected.type(), cells.get(1));
            assertEquals(expected.user(), cells.get(2));
            assertEquals(expected.arrivalSec(), Double.parseDouble(cells.get(3)), 1e-3);
            assertEquals(expected.startSec(), Double.parseDouble(cells.get(4)), 1e-3);
            assertEquals(expected.finishSec(), Double.parseDouble(cells.get(5)), 1e-3);
            assertEquals(expected.jctSec(), Double.parseDouble(cells.get(6)), 1e-3);
            assertEquals(expected.isolatedJctSec(), Double.parseDouble(cells.get(7)), 1e-3);
            assertEquals(expected.resizes(), Integer.parseInt(cells.get(8)));
            assertEquals(expected.requiredSteps(), Long.parseLong(cells.get(9)));
            assertEquals(expected.stepsDone(), Long.parseLong(cells.get(10)));
            assertEquals(expected.gpuSeconds(), Double.parseDouble(cells.get(11)), 0.1);
        }
    }

    @Test
    void perJobRowsReachTheFileBeforeThePolicyFinishes() throws IOException {
        try (RunReport report = new RunReport(out, null)) {
            Consumer<JobOutcome> sink = report.startPolicy("fifo");
            // More than the writer's buffer, so rows must have been flushed while streaming.
            for (int i = 0; i < 2000; i++) {
                sink.accept(outcome(i, 100 + i));
            }
            assertTrue(Files.size(RunReport.jobCsvFile(out, "fifo")) > 8192);
        }
    }

    @Test
    void summaryHasOneRowPerPolicyWithItsRatio() throws IOException {
        RunReport.Written written = runTwoPolicies("drf");
        List<String> lines = Files.readAllLines(written.summaryCsv(), StandardCharsets.UTF_8);
        assertEquals(SummaryCsvWriter.HEADER, lines.get(0));
        assertEquals(3, lines.size());
        List<String> header = parseCsvLine(lines.get(0));
        List<String> fifo = parseCsvLine(lines.get(1));
        List<String> drf = parseCsvLine(lines.get(2));
        assertEquals(header.size(), fifo.size());
        assertEquals("fifo", fifo.get(0));
        assertEquals(20_000, Double.parseDouble(fifo.get(header.indexOf("avg_jct_sec"))), 1e-3);
        assertEquals("drf", fifo.get(header.indexOf("baseline")));
        assertEquals(2.0, Double.parseDouble(fifo.get(header.indexOf("avg_jct_vs_baseline"))), 1e-9);
        assertEquals(1.0, Double.parseDouble(drf.get(header.indexOf("avg_jct_vs_baseline"))), 1e-9);
        assertEquals(0.734, Double.parseDouble(drf.get(header.indexOf("gpu_utilisation"))), 1e-9);
    }

    @Test
    void writesAReadablePngOfTheJctCdf() throws IOException {
        RunReport.Written written = runTwoPolicies(null);
        assertNotNull(written.chartPng());
        assertTrue(Files.isRegularFile(written.chartPng()));
        BufferedImage image = ImageIO.read(written.chartPng().toFile());
        assertNotNull(image, "not a readable image: " + written.chartPng());
        assertEquals(1000, image.getWidth());
        assertEquals(650, image.getHeight());
        assertTrue(Files.size(written.chartPng()) > 5_000, "suspiciously small PNG");
        assertEquals(List.of(out.resolve("jobs-fifo.csv"), out.resolve("jobs-drf.csv")), written.jobCsvs());
        assertTrue(written.table().contains("| fifo ") && written.table().contains("| drf "));
    }

    @Test
    void chartsLargeRunsFromCompactArrays() throws IOException {
        JctDistribution big = new JctDistribution();
        for (int i = 0; i < 82_248; i++) {
            big.add(60.0 + (i * 7919L) % 1_000_000);
        }
        JctDistribution empty = new JctDistribution();
        Path png = out.resolve("big.png");
        JctCdfChart.standard().save(png, "philly", Map.of("optimus", big, "none", empty));
        assertNotNull(ImageIO.read(png.toFile()));
    }

    @Test
    void skipsTheChartWhenNoJobCompleted() throws IOException {
        try (RunReport report = new RunReport(out, null)) {
            report.startPolicy("fifo");
            report.finishPolicy(result("fifo", Double.NaN));
            RunReport.Written written = report.finish("empty");
            assertNull(written.chartPng());
            assertTrue(Files.isRegularFile(written.summaryCsv()));
        }
    }

    @Test
    void refusesAResultForAnotherPolicyThanTheOneRunning() throws IOException {
        try (RunReport report = new RunReport(out, null)) {
            report.startPolicy("fifo");
            assertThrows(IllegalStateException.class, () -> report.finishPolicy(result("drf", 1)));
        }
    }

    private RunReport.Written runTwoPolicies(String baseline) throws IOException {
        try (RunReport report = new RunReport(out, baseline)) {
            for (String policy : List.of("fifo", "drf")) {
                Consumer<JobOutcome> sink = report.startPolicy(policy);
                for (int i = 0; i < 200; i++) {
                    sink.accept(outcome(i, (policy.equals("fifo") ? 2 : 1) * (600.0 + 90 * i)));
                }
                report.finishPolicy(result(policy, policy.equals("fifo") ? 20_000 : 10_000));
            }
            return report.finish("synthetic-120, seed 42");
        }
    }
}
