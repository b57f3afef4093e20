package io.yarndl.sim.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared measured data directory for tests, from the system property {@code yarndl.shared.data}
 * that the parent pom passes to surefire. Tests that need it fail, never skip, when it is missing.
 */
public final class SharedData {

    private SharedData() {
    }

    public static Path dir() {
        String prop = System.getProperty("yarndl.shared.data");
        if (prop == null || prop.isBlank()) {
            fail("system property yarndl.shared.data is not set: run through Maven, or pass -Dyarndl.shared.data=../shared/data");
        }
        Path dir = Path.of(prop);
        assertTrue(Files.isDirectory(dir), "shared data directory " + dir.toAbsolutePath() + " is missing");
        return dir;
    }
}
