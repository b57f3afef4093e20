package io.yarndl.sim.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One policy's line of a {@code summary.csv} the {@code sim} command wrote: the figures the
 * comparison reports.
 */
record SummaryRow(String policy, int jobs, double avgJctSec, double makespanSec, double utilisation,
                  double meanPlanMs) {

    /** Reads every row of {@code summaryCsv}, naming the file and line of one it cannot read. */
    static List<SummaryRow> read(Path summaryCsv) throws IOException {
        List<String> lines = Files.readAllLines(summaryCsv, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IOException(summaryCsv + " is empty");
        }
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int policy = column(header, "policy", summaryCsv);
        int jobs = column(header, "jobs", summaryCsv);
        int avg = column(header, "avg_jct_sec", summaryCsv);
        int makespan = column(header, "makespan_sec", summaryCsv);
        int util = column(header, "gpu_utilisation", summaryCsv);
        int planMs = column(header, "mean_plan_ms", summaryCsv);
        List<SummaryRow> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",", -1);
            try {
                rows.add(new SummaryRow(cells[policy], Integer.parseInt(cells[jobs]), Double.parseDouble(cells[avg]),
                        Double.parseDouble(cells[makespan]), Double.parseDouble(cells[util]),
                        Double.parseDouble(cells[planMs])));
            } catch (RuntimeException e) {
                throw new IOException(summaryCsv + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return rows;
    }

    private static int column(List<String> header, String name, Path file) throws IOException {
        int index = header.indexOf(name);
        if (index < 0) {
            throw new IOException(file + " has no column " + name + " (header: " + header + ")");
        }
        return index;
    }
}
