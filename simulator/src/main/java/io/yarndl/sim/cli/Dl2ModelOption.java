package io.yarndl.sim.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --dl2-model}: the ONNX network the {@code dl2} policy serves instead of the one shipped in
 * the jar, in every command that runs dl2 ({@code sim}, {@code evaluate}, {@code papers}). A file
 * that does not exist, or one given while no run serves dl2, is refused before anything runs; a
 * model dl2 rejects once loaded is not refused here: dl2 then runs optimus and stderr says so.
 */
public final class Dl2ModelOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--dl2-model", paramLabel = "FILE.onnx",
            description = "The model the dl2 policy serves, its card FILE.json beside it (default: the model"
                    + " shipped in the jar). If it is rejected, dl2 runs optimus and stderr says so.")
    Path file;

    /** The model file given, or null for the shipped model. */
    public Path file() {
        return file;
    }

    /**
     * Checks that the model given, if any, is a file.
     *
     * @throws ParameterException naming the option and the file's absolute path
     */
    public void requireFile() {
        if (file != null && !Files.isRegularFile(file)) {
            throw new ParameterException(mixee.commandLine(),
                    "--dl2-model " + file.toAbsolutePath().normalize() + " is not a file");
        }
    }

    /**
     * Checks that a model given is served by some run.
     *
     * @param dl2Runs whether the runs asked for include dl2
     * @param when    the condition for the message, e.g. "--policies includes dl2"
     * @throws ParameterException "--dl2-model applies when {@code when}" when a model is given and dl2 does not run
     */
    public void requireServed(boolean dl2Runs, String when) {
        if (file != null && !dl2Runs) {
            throw new ParameterException(mixee.commandLine(), "--dl2-model applies when " + when);
        }
    }
}
