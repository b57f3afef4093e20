package io.yarndl.demo.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * The running cluster's configuration as the files a process launched in a container reads
 * ({@link DlMiniCluster#confDir()}), as on a real cluster's gateway.
 */
final class SiteFiles {

    private SiteFiles() {
    }

    /**
     * Writes the whole configuration as yarn-site.xml, core-site.xml and hdfs-site.xml into {@code dir}:
     * Hadoop loads hdfs-default.xml after yarn-site.xml once HDFS classes are touched, so dfs.* keys
     * (the NameNode's HTTP address) only hold when hdfs-site.xml carries them, as on a real cluster.
     *
     * @return {@code dir}
     */
    static Path write(Configuration conf, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String name : new String[] {"yarn-site.xml", "core-site.xml", "hdfs-site.xml"}) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
                conf.writeXml(out);
            }
        }
        return dir;
    }
}
