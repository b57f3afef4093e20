package io.yarndl.sim.marl;

import io.yarndl.core.placement.marl.serving.MarlEvents;
import io.yarndl.core.placement.marl.serving.MarlModel;
import io.yarndl.core.placement.marl.serving.MarlServing;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How the simulator's commands serve the {@code marl} placement, as
 * {@link io.yarndl.sim.dl2.Dl2FallbackWarning} serves {@code dl2}: the model a user named (or the
 * shipped one), loaded once for every run of the command, and a warning on the console, once, the
 * first time any {@code marl} placement falls back to {@code interference-aware}, so a comparison
 * never passes off interference-aware's numbers as marl's unannounced (the rows keep the name
 * {@code policy/marl}). Thread-safe: parallel runs share one.
 */
public final class MarlFallbackWarning implements MarlEvents {

    private final PrintWriter err;
    private final String command;
    private final MarlServing serving;
    private final AtomicReference<String> reason = new AtomicReference<>();
    private final AtomicReference<String> served = new AtomicReference<>();

    /**
     * @param model   the model file (its card beside it), or null for the model shipped in the jar
     * @param err     where the warning goes (stderr, so that output on stdout stays clean)
     * @param command the command to name in the warning, e.g. {@code yarn-dl sim}
     */
    public MarlFallbackWarning(Path model, PrintWriter err, String command) {
        this.err = err;
        this.command = command;
        this.serving = MarlServing.of(Optional.ofNullable(model), this);
    }

    /** The one model source of this command's runs, telling this warning. */
    public MarlServing serving() {
        return serving;
    }

    @Override
    public void serving(MarlModel model) {
        served.compareAndSet(null, model.version() + " from " + model.source());
    }

    @Override
    public void fellBack(String why) {
        if (reason.compareAndSet(null, why)) {
            synchronized (err) {
                err.println(command + ": WARNING: marl falls back to interference-aware, so its results (rows"
                        + " policy/marl) are interference-aware's: " + why);
                err.flush();
            }
        }
    }

    /** True once any marl placement has fallen back. */
    public boolean fellBack() {
        return reason.get() != null;
    }

    /** The model marl served ({@code id@sha from source}), or null when none ever served. */
    public String servedModel() {
        return served.get();
    }

    /** Why the first fallback happened, or null. */
    public String reason() {
        return reason.get();
    }
}
