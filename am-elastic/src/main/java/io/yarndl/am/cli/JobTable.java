package io.yarndl.am.cli;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.yarn.api.records.ApplicationReport;

/** {@code list}'s table: one row per application, columns as wide as their widest cell. */
final class JobTable {

    private JobTable() {
    }

    static String of(List<ApplicationReport> reports) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"APPLICATION", "NAME", "QUEUE", "STATE", "PROGRESS", "TRACKING URL"});
        for (ApplicationReport r : reports) {
            String state = r.getYarnApplicationState().toString();
            if (ApplicationFollower.TERMINAL.contains(r.getYarnApplicationState())) {
                state += "/" + r.getFinalApplicationStatus();
            }
            rows.add(new String[] {r.getApplicationId().toString(), r.getName(), r.getQueue(), state,
                    String.format("%.0f%%", r.getProgress() * 100), ApplicationFollower.trackingUrl(r)});
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], String.valueOf(row[i]).length());
            }
        }
        StringBuilder table = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                String cell = String.valueOf(row[i]);
                table.append(i == row.length - 1 ? cell : String.format("%-" + (widths[i] + 2) + "s", cell));
            }
            table.append(System.lineSeparator());
        }
        if (reports.isEmpty()) {
            table.append("(no deep-learning applications)").append(System.lineSeparator());
        }
        return table.toString();
    }
}
