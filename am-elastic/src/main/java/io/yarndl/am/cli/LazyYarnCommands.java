package io.yarndl.am.cli;

import java.io.PrintWriter;

/**
 * {@link YarnCommands} against the Hadoop configuration on the classpath, built when a command first
 * runs: the JVM loads Hadoop's classes only then, never for help or a wrong command line. The field
 * is typed by the interface so that verifying this class does not load {@link YarnCommands} either.
 */
final class LazyYarnCommands implements ClusterCommands {

    private ClusterCommands yarn;

    private ClusterCommands yarn() {
        if (yarn == null) {
            try {
                yarn = YarnCommands.withClasspathConfiguration();
            } catch (NoClassDefFoundError noHadoop) {
                throw new IllegalStateException("Hadoop's client classes are not on the classpath ("
                        + noHadoop.getMessage() + " is missing): run the command with `yarn jar yarn-dl-am.jar`,"
                        + " or put `hadoop classpath` on the classpath", noHadoop);
            }
        }
        return yarn;
    }

    @Override
    public int submit(SubmitOptions options, PrintWriter out, PrintWriter err) throws Exception {
        return yarn().submit(options, out, err);
    }

    @Override
    public int status(String applicationId, PrintWriter out, PrintWriter err) throws Exception {
        return yarn().status(applicationId, out, err);
    }

    @Override
    public int kill(String applicationId, PrintWriter out, PrintWriter err) throws Exception {
        return yarn().kill(applicationId, out, err);
    }

    @Override
    public int list(boolean all, PrintWriter out, PrintWriter err) throws Exception {
        return yarn().list(all, out, err);
    }
}
