package io.yarndl.am.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;
import java.util.jar.JarFile;

/**
 * Finds the jar the CLI runs from, the default {@code --am-jar}. {@code yarn jar} (Hadoop's RunJar)
 * unpacks the jar into a {@code hadoop-unjar*} directory and loads classes from that directory
 * first, with the jar itself second on its class loader: so the class's code source is a directory
 * there, and the jar is found among the loader's URLs as the one that holds this class.
 */
final class OwnJar {

    private OwnJar() {
    }

    /** The jar holding {@code type}, when it was loaded from one. */
    static Optional<Path> of(Class<?> type) {
        Optional<Path> fromCodeSource = codeSource(type).filter(OwnJar::isJar);
        if (fromCodeSource.isPresent()) {
            return fromCodeSource;
        }
        return fromClassLoader(type.getClassLoader(), type.getName().replace('.', '/') + ".class");
    }

    /** The first jar file among {@code loader}'s URLs that holds {@code entry}. */
    static Optional<Path> fromClassLoader(ClassLoader loader, String entry) {
        if (!(loader instanceof URLClassLoader urls)) {
            return Optional.empty();
        }
        for (URL url : urls.getURLs()) {
            Optional<Path> path = toPath(url).filter(OwnJar::isJar);
            if (path.isPresent() && holds(path.get(), entry)) {
                return path;
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> codeSource(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return source == null ? Optional.empty() : toPath(source.getLocation());
    }

    private static Optional<Path> toPath(URL url) {
        if (url == null || !"file".equals(url.getProtocol())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(url.toURI()));
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }

    private static boolean isJar(Path path) {
        return path.getFileName() != null && path.getFileName().toString().endsWith(".jar")
                && Files.isRegularFile(path);
    }

    private static boolean holds(Path jar, String entry) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getEntry(entry) != null;
        } catch (IOException notAJar) {
            return false;
        }
    }
}
