package io.yarndl.it.install;

import ai.onnxruntime.OrtEnvironment;
import com.google.ortools.linearsolver.MPSolver;
import com.google.protobuf.Message;
import io.yarndl.it.deploy.HadoopLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the jar operators drop into the ResourceManager cannot conflict with what the RM ships,
 * and solves there. It holds yarn-dl's own classes ({@code io/yarndl/}, with DeepLearningScheduler
 * and the policy core among them), the shipped DL2 model ({@code yarn-dl/dl2/}), ONNX Runtime as
 * its own jar has it (unrelocated: its JNI names are fixed; natives included, macOS debug symbols
 * left out), OR-Tools as its jars have it (the Gavel policies' LP solver; unrelocated for the same
 * reason; only its Linux natives), protobuf-java relocated to {@code io/yarndl/shaded/protobuf/}
 * (its .proto sources left out), their licences, Chart.js's one script for the web page, at its
 * webjar's path (and its licence), and nothing else: no Jackson, Curator, Dropwizard Metrics or
 * JNA, which the RM provides. No jar on this module's test classpath, which is a Hadoop 3.5.0
 * ResourceManager's with MapReduce and ZooKeeper, has a class in yarn-dl's, ONNX Runtime's or
 * OR-Tools' packages. And a JVM of its own whose classpath is a 3.5.0 RM's as the launcher builds
 * it, with protobuf-java 2.5.0 ahead of it, solves a Gavel LP with the jar and passes a model
 * through OR-Tools' JNI both ways, which the relocated protobuf must (and the unrelocated one,
 * shadowed by 2.5.0, cannot).
 */
class RmPluginJarContentsTest {

    private static final String OWN_PACKAGE = "io/yarndl/";
    private static final String OWN_RESOURCES = "yarn-dl/";
    private static final String ONNX_RUNTIME_PACKAGE = "ai/onnxruntime/";
    private static final List<String> OR_TOOLS_PACKAGES = List.of("com/google/ortools/", "operations_research/");
    private static final String OR_TOOLS_LINUX_NATIVES = "ortools-linux-";
    private static final String PROTOBUF_PACKAGE = "com/google/protobuf/";
    private static final String RELOCATED_PROTOBUF = "io/yarndl/shaded/protobuf/";
    private static final String CHART_JS = "META-INF/resources/webjars/chart.js/4.5.1/";

    @Test
    void pluginJarHoldsYarnDlOnnxRuntimeOrToolsAndRelocatedProtobufAndNothingTheRmShips() throws Exception {
        Set<String> onnxRuntime = entries(jarOf(OrtEnvironment.class));
        Set<String> orTools = new HashSet<>(entries(jarOf(MPSolver.class)));
        orTools.addAll(entries(jarHolding("ortools-linux-x86-64/libjniortools.so")));
        orTools.addAll(entries(jarHolding("ortools-linux-aarch64/libjniortools.so")));
        Set<String> protobuf = entries(jarOf(Message.class));
        List<String> foreign = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (JarFile jar = new JarFile(pluginJar().toFile())) {
            jar.stream().map(ZipEntry::getName).forEach(name -> {
                names.add(name);
                boolean relocatedProtobuf = name.startsWith(RELOCATED_PROTOBUF)
                        && protobuf.contains(PROTOBUF_PACKAGE + name.substring(RELOCATED_PROTOBUF.length()));
                boolean ours = !name.startsWith(RELOCATED_PROTOBUF) && (name.startsWith(OWN_PACKAGE)
                        || name.startsWith(OWN_RESOURCES) || name.startsWith("META-INF/") || name.endsWith("/"));
                if (!ours && !relocatedProtobuf && !onnxRuntime.contains(name) && !orTools.contains(name)) {
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
        assertTrue(names.contains("com/google/ortools/linearsolver/MPSolver.class"), "OR-Tools missing or relocated");
        assertTrue(names.contains("ortools-linux-x86-64/libjniortools.so"), "OR-Tools' Linux x86-64 natives missing");
        assertTrue(names.contains("ortools-linux-aarch64/libjniortools.so"), "OR-Tools' Linux aarch64 natives missing");
        assertEquals(List.of(), names.stream().filter(name -> name.startsWith("ortools-")
                && !name.startsWith(OR_TOOLS_LINUX_NATIVES)).toList(), "OR-Tools' natives for other systems bundled");
        assertTrue(names.contains(RELOCATED_PROTOBUF + "GeneratedMessage.class"), "protobuf-java missing");
        assertEquals(List.of(), names.stream().filter(name -> name.startsWith(PROTOBUF_PACKAGE)
                || name.startsWith("google/protobuf/")).toList(), "protobuf-java bundled unrelocated");
        assertFalse(names.stream().anyMatch(name -> name.startsWith("com/sun/jna/")), "JNA bundled (the RM ships it)");
        assertTrue(names.contains("META-INF/licenses/ortools/LICENSE"), "OR-Tools' licence missing");
        assertTrue(names.contains("META-INF/licenses/protobuf/LICENSE"), "protobuf-java's licence missing");
        assertFalse(names.contains("module-info.class"), "a module descriptor in the plugin jar");
        assertEquals(List.of(CHART_JS + "LICENSE.md", CHART_JS + "dist/chart.umd.js"),
                names.stream().filter(name -> name.startsWith(CHART_JS) && !name.endsWith("/")).sorted().toList(),
                "the web page's Chart.js, and only the file it loads");
        assertTrue(names.contains("yarn-dl/web/index.html"), "the web page missing");
    }

    @Test
    void pluginJarSolvesAGavelLpOnAResourceManagersClasspathWithProtobuf25AheadOfIt(@TempDir Path dir)
            throws Exception {
        Path oldProtobuf = Path.of(requiredProperty("yarndl.old.protobuf.jar"));
        assertTrue(Files.isRegularFile(oldProtobuf), oldProtobuf + " is missing: run through 'mvn verify'");
        // Only the probe's class beside the RM's classpath: no scheduler-core, OR-Tools or protobuf 4 of this build.
        String probe = GavelSolveProbe.class.getName().replace('.', '/') + ".class";
        Path probeClasses = dir.resolve("probe");
        Files.createDirectories(probeClasses.resolve(probe).getParent());
        try (InputStream in = GavelSolveProbe.class.getClassLoader().getResourceAsStream(probe)) {
            Files.copy(in, probeClasses.resolve(probe));
        }
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        String classpath = String.join(File.pathSeparator, oldProtobuf.toString(),
                HadoopLayout.fromBuild().resourceManagerClasspath(Files.createDirectories(dir.resolve("conf")), pluginJar()),
                probeClasses.toString());
        Process solve = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", classpath, GavelSolveProbe.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(solve.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(solve.waitFor(2, TimeUnit.MINUTES), output);

        assertEquals(0, solve.exitValue(), output);
        assertEquals(List.of(
                "fractions: [[1.000000, 0.000000], [0.000000, 1.000000]]",
                "proto round trip: true OPTIMAL 2.0",
                "proto base class: io.yarndl.shaded.protobuf.GeneratedMessage",
                "com.google.protobuf from: protobuf-java-2.5.0.jar",
                "JNA from: jna-5.2.0.jar",
                "OR-Tools from: " + pluginJar().getFileName()), output.lines().toList(), output);
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("ortools-java")).toList(),
                    "OR-Tools' natives, unpacked into java.io.tmpdir, outlive the JVM");
        }
    }

    @Test
    void noJarOnTheResourceManagersClasspathUsesTheYarnDlOnnxRuntimeOrOrToolsPackages() throws IOException {
        List<String> clashes = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(path)) {
                continue;
            }
            try (JarFile jar = new JarFile(path.toFile())) {
                boolean bundled = jar.stream().anyMatch(e -> e.getName().startsWith("META-INF/maven/io.yarndl/")
                        || e.getName().startsWith("META-INF/maven/com.microsoft.onnxruntime/")
                        || e.getName().startsWith("META-INF/maven/com.google.ortools/"));
                if (!bundled && jar.stream().map(ZipEntry::getName).anyMatch(name -> name.startsWith(OWN_PACKAGE)
                        || name.startsWith(OWN_RESOURCES) || name.startsWith(ONNX_RUNTIME_PACKAGE)
                        || name.startsWith(OR_TOOLS_LINUX_NATIVES)
                        || OR_TOOLS_PACKAGES.stream().anyMatch(name::startsWith))) {
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

    /** The jar this build compiled against that holds {@code type} (ONNX Runtime, OR-Tools, protobuf: scheduler-core's). */
    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The jar on this test's classpath that holds resource (OR-Tools' natives: scheduler-core's). */
    private static Path jarHolding(String resource) throws URISyntaxException {
        URL url = RmPluginJarContentsTest.class.getClassLoader().getResource(resource);
        assertTrue(url != null && url.getProtocol().equals("jar"), resource + " is in no jar: " + url);
        String path = url.toURI().getRawSchemeSpecificPart();
        return Path.of(URI.create(path.substring(0, path.indexOf("!/"))));
    }

    private static String requiredProperty(String name) {
        String configured = System.getProperty(name);
        assertTrue(configured != null, "system property " + name + " is not set (run through Maven)");
        return configured;
    }

    private static Path pluginJar() {
        Path jar = Path.of(requiredProperty("yarndl.rm.jar"));
        assertTrue(Files.isRegularFile(jar), jar + " is missing: build it with 'mvn -B verify' (or package)"
                + " from the repository root, which packages yarn-dl-scheduler before these tests run");
        return jar;
    }
}
