package io.yarndl.am.cli;

import io.yarndl.contract.job.DlJobContract;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code list}: the deep-learning applications (type {@value DlJobContract#APPLICATION_TYPE}) as a table. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = YarnDlJob.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "List deep-learning jobs (unfinished ones unless --all).",
        synopsisHeading = "%nUsage: ", optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n", footer = "  yarn jar yarn-dl-am.jar list --all")
final class ListCommand implements Callable<Integer> {

    static final Set<YarnApplicationState> UNFINISHED = 
            EnumSet.complementOf(EnumSet.copyOf(ApplicationFollower.TERMINAL));

    @Spec
    CommandSpec spec;

    @Option(names = "--all", description = "Also list finished, failed and killed jobs.")
    boolean all;

    private final Configuration conf;

    ListCommand(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Integer call() throws IOException, YarnException {
        List<ApplicationReport> reports;
        try (YarnClient yarn = YarnDlJob.connect(conf)) {
            reports = new ArrayList<>(yarn.getApplications(Set.of(DlJobContract.APPLICATION_TYPE),
                    all ? EnumSet.allOf(YarnApplicationState.class) : EnumSet.copyOf(UNFINISHED)));
        }
        reports.sort(Comparator.comparing(ApplicationReport::getApplicationId));
        PrintWriter out = spec.commandLine().getOut();
        out.print(table(reports));
        out.flush();
        return YarnDlJob.EXIT_OK;
    }

    static String table(List<ApplicationReport> reports) {
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
