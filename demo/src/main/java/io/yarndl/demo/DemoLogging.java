package io.yarndl.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.slf4j.LoggerFactory;

/**
 * Sends the embedded cluster's log (Hadoop, ZooKeeper and yarn-dl at INFO) to a file under the demo's
 * work folder, so the terminal shows only the demo's progress. Must run before the first logger is
 * made: log4j reads its configuration once. What goes through {@code java.util.logging} (Guice's and
 * Jersey's warnings in the ResourceManager's web app) is passed on to the same file.
 */
final class DemoLogging {

    private static final String CONFIG = "yarn-dl-demo-log4j.properties";
    /** Where MiniYARNCluster and MiniDFSCluster put their files (default: target/test/data of the working folder). */
    private static final String TEST_DATA_DIR = "test.build.data";

    private DemoLogging() {
    }

    /** Points log4j at the demo's configuration and the clusters at {@code workDir}; keeps what was set by hand. */
    static void configure(Path workDir) {
        try {
            Files.createDirectories(workDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the demo's work folder " + workDir, e);
        }
        setIfAbsent("yarndl.demo.log", workDir.resolve("demo.log").toString());
        setIfAbsent("log4j.configuration", CONFIG);
        setIfAbsent(TEST_DATA_DIR, DemoPaths.clusterDir(workDir).toString());
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        root.addHandler(new ToSlf4j());
    }

    /** A {@code java.util.logging} handler writing to slf4j, hence to the demo's log file. */
    private static final class ToSlf4j extends Handler {
        ToSlf4j() {
            // Only for formatMessage: fills in a record's {0} parameters.
            setFormatter(new SimpleFormatter());
        }

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            org.slf4j.Logger log = LoggerFactory.getLogger(String.valueOf(record.getLoggerName()));
            String message = getFormatter().formatMessage(record);
            int level = record.getLevel().intValue();
            if (level >= Level.SEVERE.intValue()) {
                log.error(message, record.getThrown());
            } else if (level >= Level.WARNING.intValue()) {
                log.warn(message, record.getThrown());
            } else {
                log.info(message, record.getThrown());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
