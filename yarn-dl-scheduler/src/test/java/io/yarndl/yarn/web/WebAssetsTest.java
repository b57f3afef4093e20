package io.yarndl.yarn.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebAssetsTest {

    private final WebAssets assets = new WebAssets(WebAssetsTest.class.getClassLoader());

    @Test
    void servesThePageAsHtmlAndItsScriptAsJavaScript() throws Exception {
        WebAssets.Asset page = assets.find(WebAssets.INDEX).orElseThrow();
        WebAssets.Asset script = assets.find("app.js").orElseThrow();

        assertEquals("text/html; charset=utf-8", page.contentType());
        assertTrue(new String(page.bytes(), StandardCharsets.UTF_8).contains("<canvas id=\"sizes-chart\""));
        assertEquals("application/javascript; charset=utf-8", script.contentType());
        assertEquals("text/css; charset=utf-8", assets.find("style.css").orElseThrow().contentType());
    }

    @Test
    void servesChartJsFromItsWebjarUnderItsShortName() throws Exception {
        WebAssets.Asset chart = assets.find(WebAssets.CHART_JS_NAME).orElseThrow(
                () -> new AssertionError(WebAssets.CHART_JS_RESOURCE + " is not on the classpath: did the Chart.js"
                        + " version in the parent pom change?"));

        assertEquals("application/javascript; charset=utf-8", chart.contentType());
        assertTrue(new String(chart.bytes(), 0, 400, StandardCharsets.UTF_8).contains("Chart.js v4.5.1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../index.html", "..", "...", "a/../app.js", "/etc/passwd", "yarn-dl/web/app.js",
            ".hidden.js", "app.js/", "..%2Fapp.js", "app.js\u0000.html", ""})
    void refusesPathsAndTraversal(String name) throws Exception {
        assertTrue(assets.find(name).isEmpty(), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"DeepLearningScheduler.class", "log4j.properties", "index", "app.map"})
    void refusesFilesOfUnknownTypes(String name) throws Exception {
        assertTrue(assets.find(name).isEmpty(), name);
    }

    @Test
    void answersEmptyForAFileThatDoesNotExist() throws Exception {
        assertTrue(assets.find("missing.js").isEmpty());
    }
}
