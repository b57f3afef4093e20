package io.yarndl.yarn.marl;

import io.yarndl.core.placement.marl.serving.MarlEvents;
import io.yarndl.core.placement.marl.serving.MarlModel;
import io.yarndl.yarn.metrics.MarlMetrics;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the scheduler's {@code marl} placements say about their model, made visible as DL2's
 * {@link io.yarndl.yarn.dl2.Dl2ModelStatus} makes DL2's: one INFO line when a model serves
 * ({@code marl serves model <id> (version <version>) from <file>}), one WARN line when a placement
 * falls back ({@code marl falls back to interference-aware: <reason>}, the reason naming the file
 * and what is wrong with it, or how the network failed), and the counter and gauges of
 * {@link MarlMetrics}. Plans keep the placement's name, {@code marl}; the WARN line is what says
 * their placements are interference-aware's.
 *
 * <p>Called on whichever thread builds or runs a placement (the RM's init thread, the round
 * thread, the policy's own thread).
 */
public final class MarlModelStatus implements MarlEvents {

    private static final Logger LOG = LoggerFactory.getLogger(MarlModelStatus.class);

    /** How each WARN line starts. */
    public static final String FALLS_BACK = "marl falls back to interference-aware, so its placements are"
            + " interference-aware's: ";

    private final MarlMetrics metrics;

    public MarlModelStatus(MarlMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    public void serving(MarlModel model) {
        metrics.serving(model.version());
        LOG.info("marl serves model {} (version {}) from {}", model.card().id(), model.version(), model.source());
    }

    @Override
    public void fellBack(String reason) {
        metrics.fellBack();
        LOG.warn("{}{}", FALLS_BACK, reason);
    }
}
