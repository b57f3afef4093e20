package io.yarndl.yarn.dl2;

import io.yarndl.yarn.round.PolicyRunner;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reloads DL2's model without an RM restart. Once per scheduling round, before the policy plans,
 * {@link #beforeRound()} asks the {@link ModelFileWatch} whether the configured model file or its
 * card was replaced; if so, the {@link Dl2ModelSource} forgets the loaded model and the
 * {@link PolicyRunner} builds a new {@code dl2} policy, which loads the files again: it serves the
 * new model, or falls back to {@code optimus} (logged and counted by {@link Dl2ModelStatus}), from
 * this very round on. A good file put back later serves again the same way.
 *
 * <p>The file check and the load run on the round thread, never inside a policy's {@code plan}:
 * policies do no I/O. Only built when the policy is {@code dl2} and a model file is configured
 * (the shipped model cannot change under a running RM).
 */
public final class ModelReload {

    private static final Logger LOG = LoggerFactory.getLogger(ModelReload.class);

    private final ModelFileWatch watch;
    private final Dl2ModelSource source;
    private final PolicyRunner runner;

    public ModelReload(ModelFileWatch watch, Dl2ModelSource source, PolicyRunner runner) {
        this.watch = Objects.requireNonNull(watch, "watch");
        this.source = Objects.requireNonNull(source, "source");
        this.runner = Objects.requireNonNull(runner, "runner");
    }

    /**
     * Checks the model files (one stat each) and, when they changed and have settled, swaps in a
     * policy built from them.
     *
     * @return whether a new policy was built
     */
    public boolean beforeRound() {
        if (!watch.poll()) {
            return false;
        }
        LOG.info("DL2 model file {} or its card changed: loading it", watch.model());
        source.reload();
        runner.renew();
        return true;
    }
}
