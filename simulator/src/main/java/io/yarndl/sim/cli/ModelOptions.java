package io.yarndl.sim.cli;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.placement.marl.MarlPlacement;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.OnceLoadedModel;
import io.yarndl.core.policy.gavel.GavelPolicy;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdSettings;
import io.yarndl.sim.dl2.Dl2FallbackWarning;
import io.yarndl.sim.marl.MarlFallbackWarning;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The learned models {@code yarn-dl sim} serves: {@code dl2}'s policy network and the {@code marl}
 * placement's, each from a file the user names or shipped in the jar, each loaded once for every
 * run of the command, each announcing a fallback once on stderr.
 */
final class ModelOptions {

    @Mixin
    Dl2ModelOption dl2Model;

    @Option(names = "--marl-model", paramLabel = "FILE.onnx",
            description = "The network the marl placement serves, its card FILE.json beside it (default: the"
                    + " model shipped in the jar). If it is rejected, marl places as interference-aware and stderr"
                    + " says so.")
    Path marlModel;

    private Dl2FallbackWarning dl2Warning;
    private OnceLoadedModel dl2Source;
    private MarlFallbackWarning marlWarning;

    /**
     * Checks the options against the runs asked for and builds the model sources.
     *
     * @throws IllegalArgumentException naming the option, for a marl model file that is not a file or
     *                                  a marl model that no run would serve
     * @throws picocli.CommandLine.ParameterException likewise for the dl2 model ({@link Dl2ModelOption})
     */
    void start(List<String> policies, List<String> placements, PrintWriter err, String command) {
        dl2Model.requireServed(policies.contains(Dl2Policy.NAME), "--policies includes " + Dl2Policy.NAME);
        dl2Model.requireFile();
        requireFile("--marl-model", marlModel, placements != null && placements.stream().map(String::trim)
                .anyMatch(MarlPlacement.NAME::equals), "--placement", MarlPlacement.NAME);
        dl2Warning = new Dl2FallbackWarning(err, command);
        dl2Source = dl2Model.file() == null ? OnceLoadedModel.shipped() : OnceLoadedModel.file(dl2Model.file());
        marlWarning = new MarlFallbackWarning(marlModel, err, command);
    }

    /** The standard policies, every one placing with the strategy called {@code placement}, served from these models. */
    PolicyRegistry registry(String placement, SmdSettings smd, PolluxSettings pollux, SiaSettings sia,
                            ResizeSettings resize) {
        return PolicyRegistry.standard(strategy -> Dl2Policy.load(dl2Source, dl2Warning, strategy),
                GavelPolicy.DEFAULT_ROUND_SEC, PlacementStrategies.named(placement, marlWarning.serving()), smd, pollux,
                sia, resize);
    }

    private static void requireFile(String option, Path file, boolean used, String where, String name) {
        if (file == null) {
            return;
        }
        if (!used) {
            throw new IllegalArgumentException(option + " applies when " + where + " includes " + name);
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + " " + file.toAbsolutePath().normalize() + " is not a file");
        }
    }
}
