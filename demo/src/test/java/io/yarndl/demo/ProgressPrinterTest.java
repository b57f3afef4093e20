package io.yarndl.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The demo's progress lines: what a job's line says, and that piped output has no terminal codes. */
class ProgressPrinterTest {

    private static JobStatus running() {
        return new JobStatus("ddp-first", "application_1_0001", "RUNNING", false, false, 2, 1, 120, 320, 0.81234,
                320.4, Duration.ofSeconds(75));
    }

    @Test
    void aJobLineShowsStateWorkersStepLossSpeedAndElapsedTime() {
        String line = ProgressPrinter.line(running());
        assertTrue(line.matches("ddp-first +RUNNING +workers 2/1 +step +120/320 +loss 0\\.8123 +samples/s 320 +elapsed 1:15"),
                line);
    }

    @Test
    void aJobWithoutProgressYetShowsDashes() {
        JobStatus waiting = new JobStatus("ddp-second", "application_1_0002", "ACCEPTED", false, false, 0, 0, -1, 120,
                Double.NaN, Double.NaN, Duration.ZERO);
        String line = ProgressPrinter.line(waiting);
        assertTrue(line.matches("ddp-second +ACCEPTED +workers 0/0 +step +-/120 +loss - +samples/s - +elapsed 0:00"), line);
    }

    @Test
    void pipedOutputIsPlainStampedLinesThatStay() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressPrinter printer = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        printer.jobs(List.of(running()));
        printer.event("plan: ddp-first -> 1 worker");
        printer.jobs(List.of(running()));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length, String.join("\n", lines));
        for (String line : lines) {
            assertTrue(line.matches("\\[0:00\\] \\S.*"), line);
        }
        assertTrue(!bytes.toString(StandardCharsets.UTF_8).contains("\033"), "no terminal codes in a file");
    }

    @Test
    void clockShowsMinutesAndHours() {
        assertEquals("0:07", ProgressPrinter.clock(Duration.ofSeconds(7)));
        assertEquals("3:05", ProgressPrinter.clock(Duration.ofSeconds(185)));
        assertEquals("1:00:01", ProgressPrinter.clock(Duration.ofSeconds(3601)));
    }
}
