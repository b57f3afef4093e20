package io.yarndl.am.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kill <appId>}: asks the ResourceManager to kill a job (its containers go with it). */
@Command(name = "kill", mixinStandardHelpOptions = true, versionProvider = YarnDlCli.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Kill a job.",
        synopsisHeading = "%nUsage: ", parameterListHeading = "%nPositional arguments:%n",
        descriptionHeading = "%n",
        description = "Its containers go with it, and so does its staging directory unless it was submitted "
                + "with --keep-staging.",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n", footer = "  yarn jar yarn-dl-am.jar kill application_1700000000000_0001")
final class KillCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "APP_ID", converter = OptionConverters.AppId.class,
            description = "The application id, e.g. application_1700000000000_0001.")
    String id;

    private final ClusterCommands cluster;

    KillCommand(ClusterCommands cluster) {
        this.cluster = cluster;
    }

    @Override
    public Integer call() throws Exception {
        return cluster.kill(id, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
