package io.yarndl.sim.dl2;

import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.sim.cli.SimulatorCli;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs the simulator's command line in-process, and provides the shipped DL2 model as files. */
final class Cli {

    /** What one command line printed and returned. */
    record Run(int status, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private Cli() {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int status = cli.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    /**
     * The model shipped in scheduler-core's jar (the untrained placeholder), copied with its card
     * into {@code dir} as {@code dl2-default.onnx} and {@code dl2-default.json}.
     */
    static Path shippedModelIn(Path dir) throws IOException {
        Path onnx = dir.resolve("dl2-default.onnx");
        copyResource(ModelLoader.SHIPPED_RESOURCE, onnx);
        copyResource(ModelLoader.SHIPPED_RESOURCE.replace(".onnx", ".json"), ModelLoader.cardOf(onnx));
        return onnx;
    }

    private static void copyResource(String name, Path target) throws IOException {
        try (InputStream in = ModelLoader.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("classpath resource " + name + " is missing: build scheduler-core first");
            }
            Files.copy(in, target);
        }
    }
}
