package io.yarndl.it.install;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the jar operators drop into the ResourceManager cannot conflict with what the RM ships:
 * it holds only yarn-dl's own classes ({@code io/yarndl/}, with DeepLearningScheduler and the
 * policy core among them), and no jar on this module's test classpath, which is a Hadoop 3.5.0
 * ResourceManager's with MapReduce and ZooKeeper, has a class in that package.
 */
class RmPluginJarContentsTest {

    private static final String OWN_PACKAGE = "io/yarndl/";

    @Test
    void pluginJarHoldsOnlyYarnDlClassesIncludingTheSchedulerAndThePolicies() throws IOException {
        List<String> foreign = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (JarFile jar = new JarFile(pluginJar().toFile())) {
            jar.stream().map(ZipEntry::getName).forEach(name -> {
                names.add(name);
                if (!name.startsWith(OWN_PACKAGE) && !name.startsWith("META-INF/") && !name.endsWith("/")
                        && !name.equals("io/")) {
                    foreign.add(name);
                }
            });
        }
        assertEquals(List.of(), foreign, "the RM plugin jar bundles classes the RM already ships");
        assertTrue(names.contains("io/yarndl/yarn/DeepLearningScheduler.class"), "scheduler missing");
        assertTrue(names.contains("io/yarndl/core/policy/optimus/OptimusPolicy.class"), "policy core missing");
    }

    @Test
    void noJarOnTheResourceManagersClasspathUsesTheYarnDlPackage() throws IOException {
        List<String> clashes = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(path)) {
                continue;
            }
            try (JarFile jar = new JarFile(path.toFile())) {
                boolean ours = jar.stream().anyMatch(e -> e.getName().startsWith("META-INF/maven/io.yarndl/"));
                if (!ours && jar.stream().anyMatch(e -> e.getName().startsWith(OWN_PACKAGE))) {
                    clashes.add(entry);
                }
            }
        }
        assertEquals(List.of(), clashes);
    }

    private static Path pluginJar() {
        String configured = System.getProperty("yarndl.rm.jar");
        assertTrue(configured != null, "system property yarndl.rm.jar is not set (run through Maven)");
        Path jar = Path.of(configured);
        assertTrue(Files.isRegularFile(jar), jar + " is missing: build it with 'mvn -B verify' (or package)"
                + " from the repository root, which packages yarn-dl-scheduler before these tests run");
        return jar;
    }
}
