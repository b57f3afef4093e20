package io.yarndl.am.cli;

import java.io.PrintWriter;

/**
 * What each command does against the cluster, once picocli has parsed its command line. The command
 * classes hold only this interface, never a Hadoop type, so that parsing, {@code --help} and
 * {@code -V} load no Hadoop class ({@link YarnDlCli}). {@link YarnCommands} implements it.
 */
interface ClusterCommands {

    /** Submits the job {@code options} describe; the exit code. */
    int submit(SubmitOptions options, PrintWriter out, PrintWriter err) throws Exception;

    /** Prints the state of {@code applicationId} ({@code application_<timestamp>_<n>}) and its AM's status. */
    int status(String applicationId, PrintWriter out, PrintWriter err) throws Exception;

    /** Kills {@code applicationId} and removes its staging directory. */
    int kill(String applicationId, PrintWriter out, PrintWriter err) throws Exception;

    /** Prints the deep-learning applications, the ended ones too when {@code all}. */
    int list(boolean all, PrintWriter out, PrintWriter err) throws Exception;
}
