package io.yarndl.scale;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sends the RM's log (Hadoop, ZooKeeper and yarn-dl, WARN and above) to {@code scale.log} in the
 * output folder, so the terminal shows only the harness's progress and table, and the RM does not
 * spend the run writing INFO lines. Must run before the first logger is made: log4j reads its
 * configuration once.
 */
final class ScaleLogging {

    private static final String CONFIG = "yarn-dl-scale-log4j.properties";

    private ScaleLogging() {
    }

    static void configure(Path out) {
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the output folder " + out, e);
        }
        if (System.getProperty("log4j.configuration") == null) {
            System.setProperty("yarndl.scale.log", out.resolve("scale.log").toAbsolutePath().toString());
            System.setProperty("log4j.configuration", CONFIG);
        }
    }
}
