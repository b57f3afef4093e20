package io.yarndl.am.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kill <appId>}: asks the ResourceManager to kill a job (its containers go with it). */
@Command(name = "kill", mixinStandardHelpOptions = true, versionProvider = YarnDlJob.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Kill a job.",
        synopsisHeading = "%nUsage: ", parameterListHeading = "%nPositional arguments:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n", footer = "  yarn jar yarn-dl-am.jar kill application_1700000000000_0001")
final class KillCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "APP_ID", converter = OptionConverters.AppId.class,
            description = "The application id, e.g. application_1700000000000_0001.")
    ApplicationId id;

    private final Configuration conf;

    KillCommand(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Integer call() throws IOException, YarnException {
        PrintWriter out = spec.commandLine().getOut();
        try (YarnClient yarn = YarnDlJob.connect(conf)) {
            ApplicationReport report = yarn.getApplicationReport(id);
            if (ApplicationFollower.TERMINAL.contains(report.getYarnApplicationState())) {
                out.printf("Application %s has already ended (%s/%s)%n", id, report.getYarnApplicationState(),
                        report.getFinalApplicationStatus());
                out.flush();
                return YarnDlJob.EXIT_OK;
            }
            yarn.killApplication(id);
            out.printf("Killed application %s%n", id);
            out.flush();
            return YarnDlJob.EXIT_OK;
        } catch (ApplicationNotFoundException e) {
            spec.commandLine().getErr().println("yarn-dl-am kill: the ResourceManager knows no application " + id);
            return YarnDlJob.EXIT_FAILURE;
        }
    }
}
