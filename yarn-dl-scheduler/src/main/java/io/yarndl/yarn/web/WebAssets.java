package io.yarndl.yarn.web;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The web page's files, read from the classpath (the {@code -rm} jar): the page and its script and
 * style under {@value #ROOT}, and Chart.js from its webjar, served as {@value #CHART_JS_NAME}, so the
 * page works on a cluster without internet. A name is a single file name of letters, digits,
 * dots, dashes and underscores with a known extension; anything else (a path, {@code ..}, a hidden
 * file, an unknown type) is refused before the classpath is looked at, so no request can read
 * another resource of the RM's classpath.
 */
final class WebAssets {

    static final String ROOT = "yarn-dl/web/";
    static final String INDEX = "index.html";
    static final String CHART_JS_NAME = "chart.umd.js";
    /** Where the Chart.js webjar (org.webjars.npm:chart.js, version in the parent pom) keeps its UMD build. */
    static final String CHART_JS_RESOURCE = "META-INF/resources/webjars/chart.js/4.5.1/dist/chart.umd.js";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "application/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml",
            "png", "image/png");

    private final ClassLoader loader;

    WebAssets(ClassLoader loader) {
        this.loader = loader;
    }

    /** A file of the page. */
    record Asset(String name, String contentType, byte[] bytes) {
    }

    /**
     * The asset called {@code name}; empty when the name is refused or no such file exists.
     *
     * @throws IOException when the file exists but cannot be read
     */
    Optional<Asset> find(String name) throws IOException {
        if (name == null || !NAME.matcher(name).matches() || name.contains("..")) {
            return Optional.empty();
        }
        String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        if (type == null || name.indexOf('.') < 0) {
            return Optional.empty();
        }
        String resource = CHART_JS_NAME.equals(name) ? CHART_JS_RESOURCE : ROOT + name;
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(new Asset(name, type, in.readAllBytes()));
        }
    }
}
