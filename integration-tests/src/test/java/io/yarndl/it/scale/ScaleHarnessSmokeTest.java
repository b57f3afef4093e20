package io.yarndl.it.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.scale.ScaleCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The load harness ({@code bin/yarn-dl scale}, docs/scale.md) still works, run small: 20 simulated
 * NodeManagers, 40 DL jobs and 10 non-DL applications, 8 s of warm-up and 8 s measured under each
 * scheduler, through the command's own {@code main} in a JVM of its own (a ResourceManager leaves
 * process-wide Hadoop state that the other tests here must not inherit), about 50 s in all. It proves
 * that under both schedulers containers are allocated, DL jobs run and report to ZooKeeper, and
 * nothing failed; that under yarn-dl every DL job's AM runs, rounds are recorded (over the
 * measured window alone) and DL jobs are resized; and that under the stock CapacityScheduler
 * nothing is resized (the baseline's jobs keep what they asked for, and the RM counts allocated
 * every GPU their AMs hold).
 */
class ScaleHarnessSmokeTest {

    private static final Path OUT = Path.of("target", "scale-smoke");
    private static Map<String, Map<String, String>> bySchedulerRow;
    private static String output;

    @BeforeAll
    static void runTheHarnessSmall() throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
                "-Djava.awt.headless=true", "-cp", classpath, ScaleCommand.class.getName(),
                "--nodes", "20", "--jobs", "40", "--batch-apps", "10", "--warmup", "8", "--duration", "8",
                "--round-interval-ms", "1000", "--out", OUT.toString()));
        Files.createDirectories(OUT);
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(OUT.resolveSibling("scale-smoke.out").toFile()).start();
        boolean ended = process.waitFor(120, TimeUnit.SECONDS);
        output = Files.readString(OUT.resolveSibling("scale-smoke.out"));
        if (!ended) {
            process.destroyForcibly();
        }
        assertTrue(ended, "the harness did not end within 120 s:\n" + output);
        assertEquals(0, process.exitValue(), output);
        bySchedulerRow = rows(OUT.resolve("scale.csv"));
    }

    @Test
    void allocatesContainersAndRunsDlJobsUnderBothSchedulersWithoutErrors() {
        for (String scheduler : List.of("yarn-dl", "capacity")) {
            Map<String, String> row = row(scheduler);
            assertTrue(number(row, "containers_total") > number(row, "dl_running"),
                    scheduler + " allocated too few containers:\n" + output);
            assertTrue(number(row, "dl_running") > 0, scheduler + " ran no DL job:\n" + output);
            assertTrue(number(row, "heartbeats_per_s") > 0, scheduler + " answered no heartbeat:\n" + output);
            assertTrue(number(row, "allocate_p99_ms") > 0, scheduler + " timed no allocate():\n" + output);
            assertTrue(number(row, "zk_writes_per_s") > 0, scheduler + ": no progress reached ZooKeeper:\n" + output);
            assertEquals(0, number(row, "errors"), scheduler + " had errors:\n" + output);
            assertTrue(number(row, "gpus_allocated") > 0, scheduler + ": the RM counts no GPU allocated:\n" + output);
        }
    }

    @Test
    void roundsAreCountedOverTheMeasuredWindowAloneNotTheWarmUp() {
        // 8 s measured at 1 s rounds: at most 9 rounds; the whole run (8 s of warm-up too) has more.
        double rounds = number(row("yarn-dl"), "rounds");
        assertTrue(rounds >= 1 && rounds <= 9, "rounds " + rounds + " are not the measured window's:\n" + output);
    }

    @Test
    void yarnDlRecordsRoundsAndResizesJobsWhileTheBaselineDoesNeither() {
        Map<String, String> yarnDl = row("yarn-dl");
        assertTrue(number(yarnDl, "rounds") > 0, "no round recorded:\n" + output);
        assertTrue(number(yarnDl, "round_p50_ms") > 0, "no round time:\n" + output);
        assertTrue(number(yarnDl, "round_cpu_p50_ms") > 0, "no round CPU time:\n" + output);
        // Jobs grow a round or two after their AMs are up: about 9 s into a quiet run, and on a loaded
        // 2-core machine the AMs came up 8 s into the run, so the run must last well beyond that.
        assertTrue(number(yarnDl, "grows") + number(yarnDl, "shrinks") > 0, "no DL job resized:\n" + output);
        assertEquals(40, number(yarnDl, "dl_ams_up"), "not every DL job's AM runs under yarn-dl:\n" + output);
        Map<String, String> capacity = row("capacity");
        assertEquals(0, number(capacity, "rounds"), output);
        assertEquals(0, number(capacity, "grows") + number(capacity, "shrinks"), output);
        // Nothing is preempted or killed under the baseline: every GPU an AM holds, the RM counts allocated.
        assertTrue(number(capacity, "gpus_allocated") >= number(capacity, "dl_workers"), output);
    }

    @Test
    void writesTheTableTheCsvsAndTheCharts() {
        assertTrue(output.contains("| yarn-dl | 20 | 40 |"), output);
        assertTrue(output.contains("| capacity | 20 | 40 |"), output);
        for (String file : List.of("scale.csv", "probes-yarn-dl-20nm-40jobs.csv", "containers.png",
                "allocate-latency-p99.png", "round-p99.png", "round-cpu-p99.png", "queues-capacity-20nm-40jobs.png")) {
            assertTrue(Files.isRegularFile(OUT.resolve(file)), "missing " + OUT.resolve(file));
        }
    }

    private static Map<String, String> row(String scheduler) {
        Map<String, String> row = bySchedulerRow.get(scheduler);
        assertTrue(row != null, "no " + scheduler + " row in scale.csv:\n" + output);
        return row;
    }

    private static double number(Map<String, String> row, String column) {
        String value = row.get(column);
        assertTrue(value != null, "scale.csv has no column " + column);
        return Double.parseDouble(value);
    }

    private static Map<String, Map<String, String>> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",");
        Map<String, Map<String, String>> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.put(row.get("scheduler"), row);
        }
        return rows;
    }
}
