package io.yarndl.sim.report;

import io.yarndl.sim.engine.JobOutcome;
import io.yarndl.sim.engine.SimulationResult;
import java.util.ArrayList;
import java.util.List;

/** Hand-made outcomes and results, standing in for the simulator in report tests. */
final class ReportFixtures {

    private ReportFixtures() {
    }

    static SimulationResult result(String policy, double avgJctSec) {
        return new SimulationResult(policy, 120, avgJctSec, avgJctSec * 0.8, avgJctSec * 2.5, 200_000, 0.734, 17,
                3_600, 334, 1.25, 9.5, 2.0);
    }

    static JobOutcome outcome(int i, double jctSec) {
        double arrival = 60.0 * i;
        return new JobOutcome("job-" + i, i % 2 == 0 ? "resnet-50" : "vgg,16 \"big\"", "user" + (i % 3), arrival,
                arrival + 5, arrival + jctSec, jctSec / 2, i % 4, 1000L + i, 1000L + i, 3600.5 * i);
    }

    /** A quote-aware split of one RFC 4180 line, enough to read the report's CSVs back. */
    static List<String> parseCsvLine(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
