package io.yarndl.sim.report;

import static io.yarndl.sim.report.ReportFixtures.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.engine.SimulationResult;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    private final List<SimulationResult> results = List.of(result("fifo", 40_000), result("drf", 30_000),
            result("optimus", 10_000));

    @Test
    void listsEveryPolicyOnItsOwnRow() {
        String[] lines = new ResultTable(results, null).render().split("\n");
        assertEquals(2 + results.size(), lines.length, String.join("\n", lines));
        assertTrue(lines[2].startsWith("| fifo "));
        assertTrue(lines[3].startsWith("| drf "));
        assertTrue(lines[4].startsWith("| optimus "));
    }

    @Test
    void ratiosAreAgainstTheFirstPolicyByDefault() {
        ResultTable table = new ResultTable(results, null);
        String text = table.render();
        assertTrue(text.contains("avg JCT vs fifo"), text);
        assertEquals(0.75, table.avgJctRatio(results.get(1)), 1e-12);
        assertEquals(0.25, table.avgJctRatio(results.get(2)), 1e-12);
        assertEquals("1.00x", cell(text, "fifo", "avg JCT vs fifo"));
        assertEquals("0.75x", cell(text, "drf", "avg JCT vs fifo"));
        assertEquals("0.25x", cell(text, "optimus", "avg JCT vs fifo"));
    }

    @Test
    void ratiosAreAgainstAChosenBaseline() {
        String text = new ResultTable(results, "optimus").render();
        assertEquals("4.00x", cell(text, "fifo", "avg JCT vs optimus"));
        assertEquals("3.00x", cell(text, "drf", "avg JCT vs optimus"));
        assertEquals("1.00x", cell(text, "optimus", "avg JCT vs optimus"));
    }

    @Test
    void printsDurationsInOneUnitPerColumn() {
        String text = new ResultTable(results, null).render();
        // p95 of fifo is 100,000 s = 27.78 h: the JCT columns are in hours, with 2 decimals.
        assertEquals("11.11", cell(text, "fifo", "avg JCT (h)"));
        assertEquals("27.78", cell(text, "fifo", "p95 JCT (h)"));
        assertEquals("1.00", cell(text, "optimus", "isolated JCT avg (h)"));
        assertEquals("55.56", cell(text, "fifo", "makespan (h)"));
        assertEquals("73.4%", cell(text, "drf", "GPU util"));
        assertEquals("1.25 / 9.50", cell(text, "drf", "plan ms mean/max"));
    }

    @Test
    void shortRunsArePrintedInMinutes() {
        String text = new ResultTable(List.of(result("fifo", 600)), null).render();
        assertEquals("10.0", cell(text, "fifo", "avg JCT (min)"));
    }

    @Test
    void rejectsABaselineThatDidNotRun() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ResultTable(results, "dl2"));
        assertTrue(e.getMessage().contains("dl2") && e.getMessage().contains("optimus"), e.getMessage());
    }

    @Test
    void ratioIsUndefinedWhenTheBaselineFinishedNothing() {
        assertEquals("-", ResultTable.formatRatio(ResultTable.avgJctRatio(result("a", 5), result("b", 0))));
    }

    /** The trimmed cell of {@code policy}'s row under the column headed {@code header}. */
    private static String cell(String table, String policy, String header) {
        String[] lines = table.split("\n");
        List<String> headers = cells(lines[0]);
        int column = headers.indexOf(header);
        assertTrue(column >= 0, "no column '" + header + "' in " + headers);
        for (String line : lines) {
            List<String> row = cells(line);
            if (row.get(0).equals(policy)) {
                return row.get(column);
            }
        }
        throw new AssertionError("no row for " + policy + " in\n" + table);
    }

    private static List<String> cells(String line) {
        String inner = line.substring(1, line.length() - 1);
        return Arrays.stream(inner.split("\\|")).map(String::trim).toList();
    }
}
