package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnJarTest {

    private static final String ENTRY = "io/yarndl/am/cli/SubmitCommand.class";

    @TempDir
    Path tmp;

    private Path jar(String name, String entry) throws IOException {
        Path jar = tmp.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry(entry));
            zip.write(new byte[] {1});
            zip.closeEntry();
        }
        return jar;
    }

    @Test
    void findsTheJarBehindRunJarsUnpackedDirectory() throws IOException {
        Path unjar = Files.createDirectories(tmp.resolve("hadoop-unjar123"));
        Path other = jar("other.jar", "x/Y.class");
        Path ours = jar("yarn-dl-am.jar", ENTRY);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {unjar.toUri().toURL(), other.toUri().toURL(),
                ours.toUri().toURL()}, null)) {
            assertEquals(Optional.of(ours), OwnJar.fromClassLoader(loader, ENTRY));
        }
    }

    @Test
    void findsNothingWhenRunFromClassDirectories() throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {tmp.toUri().toURL()}, null)) {
            assertEquals(Optional.empty(), OwnJar.fromClassLoader(loader, ENTRY));
        }
        // These tests run from target/classes.
        assertEquals(Optional.empty(), OwnJar.of(SubmitCommand.class));
    }
}
