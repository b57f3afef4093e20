package io.yarndl.am.cli;

import io.yarndl.contract.job.DlJobContract;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code list}: the deep-learning applications (type {@value DlJobContract#APPLICATION_TYPE}) as a table. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = YarnDlCli.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "List deep-learning jobs (unfinished ones unless --all).",
        synopsisHeading = "%nUsage: ", optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n", footer = "  yarn jar yarn-dl-am.jar list --all")
final class ListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--all", description = "Also list finished, failed and killed jobs.")
    boolean all;

    private final ClusterCommands cluster;

    ListCommand(ClusterCommands cluster) {
        this.cluster = cluster;
    }

    @Override
    public Integer call() throws Exception {
        return cluster.list(all, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
