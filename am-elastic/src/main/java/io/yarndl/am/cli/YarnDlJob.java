package io.yarndl.am.cli;

import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The yarn-dl client for callers that hold a cluster's configuration (tests, the demo): the CLI of
 * {@link YarnDlCli} against the cluster {@code conf} names. Not the jar's Main-Class: a public
 * method naming a Hadoop type makes the JVM load Hadoop when it looks up {@code main}, so
 * {@code --help} would need a Hadoop install.
 */
public final class YarnDlJob {

    public static final int EXIT_OK = YarnDlCli.EXIT_OK;
    public static final int EXIT_FAILURE = YarnDlCli.EXIT_FAILURE;
    public static final int EXIT_USAGE = YarnDlCli.EXIT_USAGE;

    private YarnDlJob() {
    }

    /** Against the configuration on the classpath, as {@link YarnDlCli#main} (which {@code yarn jar} runs). */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, new YarnConfiguration()));
    }

    /**
     * Runs one command.
     *
     * @param conf the cluster's configuration: ResourceManager, default file system, ZooKeeper keys
     * @return the exit code: {@link #EXIT_OK}, {@link #EXIT_FAILURE} or {@link #EXIT_USAGE}
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Configuration conf) {
        return YarnDlCli.run(args, out, err, new YarnCommands(conf));
    }
}
