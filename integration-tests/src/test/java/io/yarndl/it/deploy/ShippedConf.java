package io.yarndl.it.deploy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * Builds each daemon's {@code HADOOP_CONF_DIR} from the repository's {@code conf/} as the README's
 * install section says, file by file:
 * <ul>
 *   <li>{@code yarn-site.xml}: on the RM, the properties of {@code yarn-site-fragment.xml}; on every
 *       process, the site's own settings (here the test's addresses, ports and folders). The site may
 *       replace only the fragment's placeholder ZooKeeper address, which the fragment says to replace.</li>
 *   <li>{@code capacity-scheduler.xml}: the RM, as shipped.</li>
 *   <li>{@code resource-types.xml}: the RM, every NM and clients, as shipped.</li>
 *   <li>{@code node-resources.xml}: every NM, as shipped.</li>
 *   <li>{@code log4j.properties}: the shipped lines appended to the RM's own log4j.properties
 *       (every process here gets the same base: everything at INFO to its console, which the test
 *       sends to a log file).</li>
 * </ul>
 */
final class ShippedConf {

    enum Role { RESOURCE_MANAGER, NODE_MANAGER, CLIENT }

    /** The one fragment setting a site must replace: the example ensemble. */
    static final String ZK_ADDRESS = "hadoop.zk.address";

    /** Every process's log4j.properties before the shipped lines: INFO to the console (the test's log file). */
    static final String BASE_LOG4J = String.join("\n",
            "log4j.rootLogger=INFO,console",
            "log4j.appender.console=org.apache.log4j.ConsoleAppender",
            "log4j.appender.console.target=System.err",
            "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
            "log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n",
            "");

    private final Path shipped;

    private ShippedConf(Path shipped) {
        this.shipped = shipped;
    }

    /** The repository's conf/, from the system property Maven sets. */
    static ShippedConf fromBuild() {
        String configured = System.getProperty("yarndl.conf");
        if (configured == null) {
            throw new IllegalStateException("system property yarndl.conf is not set (run through Maven)");
        }
        return new ShippedConf(Path.of(configured).toAbsolutePath().normalize());
    }

    /** Writes {@code role}'s configuration folder {@code dir} with {@code site} as its own settings. */
    Path write(Role role, Map<String, String> site, Path dir) throws IOException {
        Files.createDirectories(dir);
        Configuration yarnSite = new Configuration(false);
        if (role == Role.RESOURCE_MANAGER) {
            yarnSite.addResource(new org.apache.hadoop.fs.Path(file("yarn-site-fragment.xml").toUri()));
            Set<String> fromFragment = yarnSite.getPropsWithPrefix("").keySet();
            for (String key : site.keySet()) {
                if (fromFragment.contains(key) && !key.equals(ZK_ADDRESS)) {
                    throw new IllegalArgumentException("the test would override the shipped " + key);
                }
            }
        }
        site.forEach(yarnSite::set);
        try (OutputStream out = Files.newOutputStream(dir.resolve("yarn-site.xml"))) {
            yarnSite.writeXml(out);
        }
        copy("resource-types.xml", dir);
        if (role == Role.RESOURCE_MANAGER) {
            copy("capacity-scheduler.xml", dir);
        }
        if (role == Role.NODE_MANAGER) {
            copy("node-resources.xml", dir);
        }
        Path log4j = dir.resolve("log4j.properties");
        Files.writeString(log4j, BASE_LOG4J);
        if (role == Role.RESOURCE_MANAGER) {
            Files.writeString(log4j, Files.readString(file("log4j.properties")), StandardOpenOption.APPEND);
        }
        return dir;
    }

    private void copy(String name, Path dir) throws IOException {
        Files.copy(file(name), dir.resolve(name));
    }

    private Path file(String name) {
        Path file = shipped.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("shipped file missing: " + file);
        }
        return file;
    }
}
