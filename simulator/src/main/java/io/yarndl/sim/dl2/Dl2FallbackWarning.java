package io.yarndl.sim.dl2;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.dl2.Dl2Events;
import io.yarndl.core.policy.dl2.Dl2Model;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.OnceLoadedModel;
import io.yarndl.core.policy.gavel.GavelPolicy;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How the simulator's commands build {@code dl2}: the standard registry with {@code dl2} serving the
 * model a user named (or the shipped one), loaded once for every run, and a warning on the
 * console, once, the first time any of its instances falls back to {@code optimus}, so a
 * comparison never passes off optimus's numbers as DL2's unannounced. Thread-safe: parallel runs
 * share one.
 */
public final class Dl2FallbackWarning implements Dl2Events {

    private final PrintWriter err;
    private final String command;
    private final AtomicReference<String> reason = new AtomicReference<>();
    private final AtomicReference<String> served = new AtomicReference<>();
    /** One source per model file, so registries built for several placements load the model once. */
    private final Map<Optional<Path>, OnceLoadedModel> sources = new ConcurrentHashMap<>();

    /**
     * @param err     where the warning goes (stderr, so that JSON on stdout stays clean)
     * @param command the command to name in the warning, e.g. {@code yarn-dl evaluate}
     */
    public Dl2FallbackWarning(PrintWriter err, String command) {
        this.err = err;
        this.command = command;
    }

    /**
     * The standard policies, {@code dl2} serving {@code model} (with its card beside it), or the
     * model shipped in the jar when {@code model} is null.
     */
    public PolicyRegistry registry(Path model) {
        return registry(model, PlacementStrategies.DEFAULT);
    }

    /** As {@link #registry(Path)}, every policy placing with the strategy called {@code placement}. */
    public PolicyRegistry registry(Path model, String placement) {
        return registry(model, placement, SmdSettings.DEFAULT);
    }

    /** As {@link #registry(Path, String)}, with SMD's knobs {@code smd}. */
    public PolicyRegistry registry(Path model, String placement, SmdSettings smd) {
        return registry(model, placement, smd, PolluxSettings.DEFAULT, SiaSettings.DEFAULT, ResizeSettings.DEFAULT);
    }

    /** As {@link #registry(Path, String, SmdSettings)}, with Pollux's and Sia's knobs and the resize-cost rule. */
    public PolicyRegistry registry(Path model, String placement, SmdSettings smd, PolluxSettings pollux,
                                   SiaSettings sia, ResizeSettings resize) {
        OnceLoadedModel source = sources.computeIfAbsent(Optional.ofNullable(model),
                file -> file.map(OnceLoadedModel::file).orElseGet(OnceLoadedModel::shipped));
        return PolicyRegistry.standard(strategy -> Dl2Policy.load(source, this, strategy),
                GavelPolicy.DEFAULT_ROUND_SEC, PlacementStrategies.named(placement), smd, pollux, sia, resize);
    }

    @Override
    public void serving(Dl2Model model) {
        served.compareAndSet(null, model.version() + " from " + model.source());
    }

    @Override
    public void fellBack(String why) {
        if (reason.compareAndSet(null, why)) {
            synchronized (err) {
                err.println(command + ": WARNING: dl2 falls back to optimus, so its results are optimus's: " + why);
                err.flush();
            }
        }
    }

    /** True once any dl2 instance has fallen back. */
    public boolean fellBack() {
        return reason.get() != null;
    }

    /** The model dl2 served ({@code id@sha from source}), or null when none ever served. */
    public String servedModel() {
        return served.get();
    }

    /** Why the first fallback happened, or null. */
    public String reason() {
        return reason.get();
    }
}
