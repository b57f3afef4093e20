package io.yarndl.it.install;

import ai.onnxruntime.OrtEnvironment;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.ExpressionsBasedModel;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the jar operators drop into the ResourceManager cannot conflict with what the RM ships:
 * it holds yarn-dl's own classes ({@code io/yarndl/}, with DeepLearningScheduler and the policy
 * core among them), the shipped DL2 model ({@code yarn-dl/dl2/}) and ONNX Runtime as its own jar
 * has it (unrelocated: its JNI names are fixed; natives included, macOS debug symbols left out),
 * ojAlgo as its own jar has it (the Gavel policies' LP solver; its module descriptor left out),
 * Chart.js's one script for the web page, at its webjar's path (and its licence), and nothing else: no Jackson, Curator or Dropwizard Metrics, which the RM provides. No jar on
 * this module's test classpath, which is a Hadoop 3.5.0 ResourceManager's with MapReduce and
 * ZooKeeper, has a class in yarn-dl's, ONNX Runtime's or ojAlgo's packages.
 */
class RmPluginJarContentsTest {

    private static final String OWN_PACKAGE = "io/yarndl/";
    private static final String OWN_RESOURCES = "yarn-dl/";
    private static final String ONNX_RUNTIME_PACKAGE = "ai/onnxruntime/";
    private static final String OJALGO_PACKAGE = "org/ojalgo/";
    private static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.5.1/";

    @Test
    void pluginJarHoldsYarnDlOnnxRuntimeAndOjAlgoAndNothingTheRmShips() throws Exception {
        Set<String> onnxRuntime = entries(jarOf(OrtEnvironment.class));
        Set<String> ojAlgo = entries(jarOf(ExpressionsBasedModel.class));
        List<String> foreign = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (JarFile jar = new JarFile(pluginJar().toFile())) {
            jar.stream().map(ZipEntry::getName).forEach(name -> {
                names.add(name);
                boolean ours = name.startsWith(OWN_PACKAGE) || name.startsWith(OWN_RESOURCES)
                        || name.startsWith("META-INF/") || name.endsWith("/");
                boolean ojAlgosOwn = name.startsWith(OJALGO_PACKAGE) && ojAlgo.contains(name);
                if (!ours && !onnxRuntime.contains(name) && !ojAlgosOwn) {
                    foreign.add(name);
                }
            });
        }
        assertEquals(List.of(), foreign, "the RM plugin jar bundles classes the RM already ships");
        assertTrue(names.contains("io/yarndl/yarn/DeepLearningScheduler.class"), "scheduler missing");
        assertTrue(names.contains("io/yarndl/core/policy/optimus/OptimusPolicy.class"), "policy core missing");
        assertTrue(names.contains("yarn-dl/dl2/dl2-default.onnx"), "shipped DL2 model missing");
        assertTrue(names.contains("ai/onnxruntime/OrtSession.class"), "ONNX Runtime missing or relocated");
        assertTrue(names.contains("ai/onnxruntime/native/linux-x64/libonnxruntime.so"), "ONNX Runtime natives missing");
        assertFalse(names.stream().anyMatch(name -> name.contains(".dSYM/")), "macOS debug symbols bundled");
        assertTrue(names.contains("org/ojalgo/optimisation/ExpressionsBasedModel.class"), "ojAlgo missing or relocated");
        assertTrue(names.contains("META-INF/licenses/ojalgo/LICENSE"), "ojAlgo's licence missing");
        assertFalse(names.contains("module-info.class"), "a module descriptor in the plugin jar");
        assertEquals(List.of(CHART_JS + "LICENSE.md", CHART_JS + "dist/chart.umd.js"),
                names.stream().filter(name -> name.startsWith(CHART_JS) && !name.endsWith("/")).sorted().toList(),
                "the web page's Chart.js, and only the file it loads");
        assertTrue(names.contains("yarn-dl/web/index.html"), "the web page missing");
    }

    @Test
    void noJarOnTheResourceManagersClasspathUsesTheYarnDlOnnxRuntimeOrOjAlgoPackages() throws IOException {
        List<String> clashes = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(path)) {
                continue;
            }
            try (JarFile jar = new JarFile(path.toFile())) {
                boolean bundled = jar.stream().anyMatch(e -> e.getName().startsWith("META-INF/maven/io.yarndl/")
                        || e.getName().startsWith("META-INF/maven/com.microsoft.onnxruntime/")
                        || e.getName().startsWith("META-INF/maven/org.ojalgo/"));
                if (!bundled && jar.stream().anyMatch(e -> e.getName().startsWith(OWN_PACKAGE)
                        || e.getName().startsWith(OWN_RESOURCES) || e.getName().startsWith(ONNX_RUNTIME_PACKAGE)
                        || e.getName().startsWith(OJALGO_PACKAGE))) {
                    clashes.add(entry);
                }
            }
        }
        assertEquals(List.of(), clashes);
    }

    private static Set<String> entries(Path jarPath) throws IOException {
        try (JarFile jar = new JarFile(jarPath.toFile())) {
            return jar.stream().map(ZipEntry::getName).collect(Collectors.toSet());
        }
    }

    /** The jar this build compiled against that holds {@code type} (ONNX Runtime, ojAlgo: scheduler-core's). */
    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
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
