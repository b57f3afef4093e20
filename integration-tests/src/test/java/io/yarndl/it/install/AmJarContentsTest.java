package io.yarndl.it.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * Proves {@code yarn-dl-am.jar}, the client and ApplicationMaster jar, runs on a Hadoop client
 * install alone: every yarn-dl class any class in it refers to is inside it (read from each class
 * file's constant pool: class entries, and the types in descriptors and signatures), it holds none
 * of the scheduler's classes and nothing a Hadoop install ships, and with nothing but the jar on
 * the classpath ({@code java -jar}, no Hadoop at all) its help, each command's help and its version
 * are printed.
 */
class AmJarContentsTest {

    /** Shipped by every Hadoop install, which {@code yarn jar} and the AM's container put on the classpath. */
    private static final List<String> HADOOP_SHIPS = List.of("org/apache/hadoop/", "org/apache/curator/",
            "org/apache/zookeeper/", "com/fasterxml/jackson/", "org/slf4j/", "com/google/common/");

    private static final Pattern TYPE_IN_DESCRIPTOR = Pattern.compile("L(io/yarndl/[^;<>]+)[;<]");

    @Test
    void everyYarnDlClassTheJarRefersToIsInIt() throws IOException {
        Set<String> classes = new TreeSet<>();
        Set<String> referenced = new TreeSet<>();
        try (JarFile jar = new JarFile(amJar().toFile())) {
            for (JarEntry entry : jar.stream().toList()) {
                String name = entry.getName();
                if (!name.endsWith(".class") || name.startsWith("META-INF/")) {
                    continue;
                }
                classes.add(name.substring(0, name.length() - ".class".length()));
                try (InputStream in = jar.getInputStream(entry)) {
                    referenced.addAll(yarnDlReferences(in));
                }
            }
        }
        Set<String> missing = new TreeSet<>(referenced);
        missing.removeAll(classes);
        assertEquals(Set.of(), missing, "classes yarn-dl-am.jar refers to but does not hold");
        assertTrue(classes.contains("io/yarndl/contract/access/AppZkSecret"), "the job contract is missing");
        assertTrue(classes.contains("io/yarndl/am/master/ElasticAppMaster"), "the AM is missing");
        assertTrue(referenced.size() > 100, "the constant pools were not read: " + referenced.size());
    }

    @Test
    void theJarHoldsNoSchedulerClassAndNothingHadoopShips() throws IOException {
        List<String> foreign = new ArrayList<>();
        try (JarFile jar = new JarFile(amJar().toFile())) {
            jar.stream().map(ZipEntry::getName).forEach(name -> {
                if (name.startsWith("io/yarndl/yarn/") || HADOOP_SHIPS.stream().anyMatch(name::startsWith)) {
                    foreign.add(name);
                }
            });
            assertEquals("io.yarndl.am.cli.YarnDlCli", jar.getManifest().getMainAttributes().getValue("Main-Class"));
            assertTrue(jar.getEntry("python/yarn_dl/__init__.py") != null, "the Python helper is missing");
        }
        assertEquals(List.of(), foreign, "yarn-dl-am.jar bundles the scheduler or what a Hadoop install ships");
    }

    @Test
    void helpAndVersionNeedNothingButTheJar() throws Exception {
        for (List<String> args : List.of(List.of("--help"), List.of("submit", "--help"), List.of("status", "--help"),
                List.of("kill", "--help"), List.of("list", "--help"))) {
            Run run = javaJar(args);
            assertEquals(0, run.exitCode(), args + ":\n" + run.output());
            assertTrue(run.output().contains("Usage:"), args + ":\n" + run.output());
            assertFalse(run.output().contains("Exception"), args + ":\n" + run.output());
        }
        Run submitHelp = javaJar(List.of("submit", "--help"));
        assertTrue(submitHelp.output().contains("import yarn_dl") && submitHelp.output().contains("examples/ddp_cnn.py"),
                submitHelp.output());
        Run version = javaJar(List.of("-V"));
        assertEquals(0, version.exitCode(), version.output());
        assertTrue(version.output().startsWith("yarn-dl-am "), version.output());
        assertTrue(version.output().contains("Hadoop (not on the classpath)"), version.output());
    }

    @Test
    void aCommandWithoutHadoopSaysHowToRunItInsteadOfAStackTrace() throws Exception {
        Run run = javaJar(List.of("list"));
        assertEquals(1, run.exitCode(), run.output());
        assertTrue(run.output().contains("Hadoop's client classes are not on the classpath"), run.output());
        assertFalse(run.output().contains("\tat "), run.output());
    }

    record Run(int exitCode, String output) {
    }

    /** {@code java -jar yarn-dl-am.jar ARGS}: the jar's own Main-Class and nothing else on the classpath. */
    private static Run javaJar(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", amJar().toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("CLASSPATH");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "java -jar " + args + " did not end");
        return new Run(process.exitValue(), output);
    }

    /**
     * The {@code io/yarndl/} classes one class file names: its CONSTANT_Class entries, and the types
     * in its UTF-8 entries that are descriptors or signatures ({@code Lio/yarndl/...;}), which name
     * field, parameter and return types (JVMS 4.4).
     */
    private static Set<String> yarnDlReferences(InputStream classFile) throws IOException {
        DataInputStream in = new DataInputStream(classFile);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        List<Integer> classEntries = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classEntries.add(in.readUnsignedShort());
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        Set<String> names = new TreeSet<>();
        for (int index : classEntries) {
            String name = utf8[index].replaceFirst("^\\[+L?", "").replaceFirst(";$", "");
            if (name.startsWith("io/yarndl/")) {
                names.add(name);
            }
        }
        for (String value : utf8) {
            if (value != null) {
                Matcher type = TYPE_IN_DESCRIPTOR.matcher(value);
                while (type.find()) {
                    names.add(type.group(1));
                }
            }
        }
        return names;
    }

    private static Path amJar() {
        String configured = System.getProperty("yarndl.am.jar");
        assertTrue(configured != null, "system property yarndl.am.jar is not set (run through Maven)");
        Path jar = Path.of(configured);
        assertTrue(Files.isRegularFile(jar), jar + " is missing: build it with 'mvn -B verify' (or package)"
                + " from the repository root, which packages am-elastic before these tests run");
        return jar;
    }
}
