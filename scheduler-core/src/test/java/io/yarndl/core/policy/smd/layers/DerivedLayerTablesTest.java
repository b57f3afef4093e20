package io.yarndl.core.policy.smd.layers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The shipped layer tables are what their script derives: it runs
 * {@code src/main/python/derive_layer_tables.py} with real PyTorch and torchvision (Debian's
 * python3-torch and python3-torchvision under /usr/bin/python3, which .ci/run installs) and
 * compares its output with the committed tables byte for byte. Without them it fails, saying what
 * to install: it never passes without having derived the tables.
 */
class DerivedLayerTablesTest {

    private static final String PYTHON = "/usr/bin/python3";
    private static final Path SCRIPT = Path.of("src/main/python/derive_layer_tables.py");
    private static final Path SHIPPED = Path.of("src/main/resources/io/yarndl/core/policy/smd/layers");

    @Test
    void theScriptDerivesTheShippedTablesByteForByte(@TempDir Path out) throws Exception {
        assertTrue(Files.isRegularFile(SCRIPT), SCRIPT.toAbsolutePath() + " is missing (run from scheduler-core)");
        Result probe = run(List.of(PYTHON, "-c", "import torch, torchvision"));
        if (probe.exit != 0) {
            fail(PYTHON + " cannot import torch and torchvision, which derive the layer tables: install Debian's"
                    + " python3-torch and python3-torchvision (bash .ci/run does)\n" + probe.output);
        }
        Result derived = run(List.of(PYTHON, SCRIPT.toString(), "--out", out.toString()));
        assertEquals(0, derived.exit, derived.output);

        assertEquals(csvs(SHIPPED), csvs(out), "the script writes other tables than are shipped");
        assertEquals(LayerTables.SHIPPED_MODELS.stream().map(m -> m + ".csv").collect(Collectors.toCollection(TreeSet::new)),
                csvs(SHIPPED), "LayerTables.SHIPPED_MODELS and the shipped files differ");
        for (String name : csvs(SHIPPED)) {
            assertArrayEquals(Files.readAllBytes(SHIPPED.resolve(name)), Files.readAllBytes(out.resolve(name)),
                    name + " differs from what the script derives; regenerate it with"
                            + " /usr/bin/python3 scheduler-core/src/main/python/derive_layer_tables.py");
        }
    }

    private static Set<String> csvs(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".csv"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        }
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in 5 minutes");
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
