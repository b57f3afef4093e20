package io.yarndl.am.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code status <appId>}: the ResourceManager's report of a job and, while it runs, its AM's own
 * status page (see {@link StatusReport}).
 */
@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = YarnDlCli.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Show a job's state, and its ApplicationMaster's status while it runs.",
        synopsisHeading = "%nUsage: ", parameterListHeading = "%nPositional arguments:%n",
        descriptionHeading = "%n",
        description = "The AM's status (its generation, workers, last step and loss) comes from the AM's own "
                + "address, or through the ResourceManager's web proxy when the AM's node cannot be reached "
                + "from here.",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n", footer = "  yarn jar yarn-dl-am.jar status application_1700000000000_0001")
final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "APP_ID", converter = OptionConverters.AppId.class,
            description = "The application id, e.g. application_1700000000000_0001.")
    String id;

    private final ClusterCommands cluster;

    StatusCommand(ClusterCommands cluster) {
        this.cluster = cluster;
    }

    @Override
    public Integer call() throws Exception {
        return cluster.status(id, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
