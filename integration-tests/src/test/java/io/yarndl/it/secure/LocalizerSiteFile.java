package io.yarndl.it.secure;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * An {@code hdfs-site.xml} for the NodeManagers' localizers, on a class path only the cluster's
 * threads see. With {@code DefaultContainerExecutor} a mini cluster's NodeManager localizes a
 * container's files in its own JVM, in a {@code ContainerLocalizer} that reads a fresh
 * {@code YarnConfiguration}, the class path's site files and nothing of the NodeManager's
 * configuration (a real NodeManager's localizer has the NodeManager's configuration folder on its
 * class path). Without the data transfer settings of a secure HDFS that client reads no block from a
 * DataNode ("Failed to read from all available datanodes"), and the AM's jar is never localized.
 *
 * <p>Hadoop's {@code Configuration} looks its site files up through the thread's context class
 * loader, and a thread inherits the context class loader of the thread that makes it: installed on
 * the test's thread before the cluster starts, this loader is the one of every NodeManager thread
 * and of the localizers they start. {@link #close()} puts the test thread's own loader back.
 */
final class LocalizerSiteFile implements AutoCloseable {

    private final ClassLoader replaced;

    private LocalizerSiteFile(ClassLoader replaced) {
        this.replaced = replaced;
    }

    /** Writes the data transfer settings of {@code secureHdfs} to {@code dir}/hdfs-site.xml and installs it. */
    static LocalizerSiteFile install(Path dir, Configuration secureHdfs) throws IOException {
        Configuration site = new Configuration(false);
        for (String key : new String[] {DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY,
            DFSConfigKeys.IGNORE_SECURE_PORTS_FOR_TESTING_KEY}) {
            site.set(key, secureHdfs.get(key));
        }
        Files.createDirectories(dir);
        try (OutputStream out = Files.newOutputStream(dir.resolve("hdfs-site.xml"))) {
            site.writeXml(out);
        }
        Thread thread = Thread.currentThread();
        ClassLoader replaced = thread.getContextClassLoader();
        thread.setContextClassLoader(new URLClassLoader(new URL[] {dir.toUri().toURL()}, replaced));
        return new LocalizerSiteFile(replaced);
    }

    @Override
    public void close() {
        Thread.currentThread().setContextClassLoader(replaced);
    }
}
