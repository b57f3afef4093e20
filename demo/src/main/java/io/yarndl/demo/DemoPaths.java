package io.yarndl.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the demo finds what it ships and where it writes, given by {@code bin/yarn-dl} as system
 * properties (the same names the integration tests use).
 *
 * @param amJar    {@code yarn-dl-am.jar}, which the client ships as the ApplicationMaster
 * @param examples the folder of {@code ddp_cnn.py}
 * @param workDir  the cluster's files (HDFS blocks, container logs) and the demo's log
 */
public record DemoPaths(Path amJar, Path examples, Path workDir) {

    static final String AM_JAR = "yarndl.am.jar";
    static final String EXAMPLES = "yarndl.examples";
    static final String WORK_DIR = "yarndl.demo.dir";

    public DemoPaths {
        Objects.requireNonNull(amJar, "amJar");
        Objects.requireNonNull(examples, "examples");
        Objects.requireNonNull(workDir, "workDir");
    }

    /** From the system properties; fails naming the property when a file is missing. */
    static DemoPaths fromSystemProperties() {
        Path amJar = existing(AM_JAR, "am-elastic/target/yarn-dl-am.jar");
        Path examples = existing(EXAMPLES, "examples");
        return new DemoPaths(amJar, examples, workDirFromSystemProperties());
    }

    /** The work folder alone, known before anything else is checked (logging needs it first). */
    static Path workDirFromSystemProperties() {
        return Path.of(System.getProperty(WORK_DIR, "target/demo")).toAbsolutePath();
    }

    /**
     * The embedded cluster's files under {@code workDir}: HDFS blocks, NodeManager folders, container
     * logs. Emptied when a demo starts, so it holds the last run only.
     */
    static Path clusterDir(Path workDir) {
        return workDir.resolve("cluster");
    }

    /** The training script both jobs run. */
    Path ddpScript() {
        return examples.resolve("ddp_cnn.py");
    }

    /** The demo's own log: the cluster's INFO lines, kept out of the terminal. */
    Path log() {
        return workDir.resolve("demo.log");
    }

    private static Path existing(String property, String fallback) {
        Path path = Path.of(System.getProperty(property, fallback)).toAbsolutePath();
        if (!Files.exists(path)) {
            throw new IllegalStateException(path + " does not exist (system property " + property
                    + "); run the demo through bin/yarn-dl, which builds it");
        }
        return path;
    }
}
