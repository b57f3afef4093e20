package io.yarndl.sim.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository's measured data folder ({@code data/}, see data/README.md) for tests, from the
 * system property {@code yarndl.data} that the parent pom passes to surefire. Tests that need it
 * fail, never skip, when it is missing.
 */
public final class RepoData {

    private RepoData() {
    }

    public static Path dir() {
        String prop = System.getProperty("yarndl.data");
        if (prop == null || prop.isBlank()) {
            fail("system property yarndl.data is not set: run through Maven, or pass -Dyarndl.data=<repository>/data");
        }
        Path dir = Path.of(prop);
        assertTrue(Files.isDirectory(dir), "data directory " + dir.toAbsolutePath() + " is missing");
        return dir;
    }
}
