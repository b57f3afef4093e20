package io.yarndl.it.deploy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Hadoop 3.5.0 installation the build lays out under {@code target/hadoop-3.5.0} (see
 * {@code src/it/hadoop-layout}): the classpaths Hadoop's launcher scripts give the daemons and
 * {@code yarn jar}, and the environment that makes the stock {@code yarn.application.classpath}
 * resolve inside containers.
 */
public record HadoopLayout(Path home) {

    /** The layout the build made, from the system property Maven sets. */
    public static HadoopLayout fromBuild() {
        String configured = System.getProperty("yarndl.hadoop.home");
        if (configured == null) {
            throw new IllegalStateException("system property yarndl.hadoop.home is not set (run through Maven)");
        }
        Path home = Path.of(configured).toAbsolutePath();
        if (!Files.isDirectory(home.resolve("share/hadoop/yarn"))) {
            throw new IllegalStateException(home + " holds no Hadoop layout: run 'mvn verify' in integration-tests,"
                    + " whose generate-test-resources phase lays it out");
        }
        return new HadoopLayout(home);
    }

    /**
     * What {@code yarn jar} and every {@code yarn} daemon get (libexec/hadoop-functions.sh): the
     * configuration folder, then common, hdfs and yarn, each with its lib/ first.
     */
    String clientClasspath(Path confDir) {
        List<String> entries = new ArrayList<>(List.of(confDir.toString()));
        for (String component : List.of("common", "hdfs", "yarn")) {
            entries.add(share(component + "/lib") + File.separator + "*");
            entries.add(share(component) + File.separator + "*");
        }
        return String.join(File.pathSeparator, entries);
    }

    /** A MapReduce client's: the client classpath and share/hadoop/mapreduce. */
    String mapReduceClientClasspath(Path confDir) {
        return clientClasspath(confDir) + File.pathSeparator + share("mapreduce") + File.separator + "*";
    }

    /**
     * The ResourceManager's classpath: the client's, yarn/timelineservice (bin/yarn adds it for the
     * RM and the NMs), and {@code HADOOP_CLASSPATH}, which holds the scheduler's plugin jar (the
     * README's way of keeping it outside the installation), appended last as the launcher does.
     */
    public String resourceManagerClasspath(Path confDir, Path pluginJar) {
        return String.join(File.pathSeparator, clientClasspath(confDir), share("yarn/timelineservice") + File.separator + "*",
                pluginJar.toAbsolutePath().toString());
    }

    /**
     * A NodeManager's: the client's, yarn/timelineservice, and share/hadoop/mapreduce, whose
     * ShuffleHandler every MapReduce task container names (as on a cluster that runs MapReduce).
     */
    String nodeManagerClasspath(Path confDir) {
        return String.join(File.pathSeparator, mapReduceClientClasspath(confDir),
                share("yarn/timelineservice") + File.separator + "*");
    }

    /**
     * The variables a NodeManager passes on to containers (its {@code yarn.nodemanager.env-whitelist}),
     * with which the default {@code yarn.application.classpath} ({{HADOOP_CONF_DIR}},
     * {{HADOOP_COMMON_HOME}}/share/hadoop/common/*, ...) names this layout's folders.
     */
    Map<String, String> environment(Path confDir) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("HADOOP_HOME", home.toString());
        env.put("HADOOP_COMMON_HOME", home.toString());
        env.put("HADOOP_HDFS_HOME", home.toString());
        env.put("HADOOP_YARN_HOME", home.toString());
        env.put("HADOOP_CONF_DIR", confDir.toString());
        return env;
    }

    private String share(String folder) {
        return home.resolve("share/hadoop").resolve(folder).toString();
    }
}
