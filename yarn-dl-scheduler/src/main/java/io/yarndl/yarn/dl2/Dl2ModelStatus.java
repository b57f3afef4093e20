package io.yarndl.yarn.dl2;

import io.yarndl.core.policy.dl2.Dl2Events;
import io.yarndl.core.policy.dl2.Dl2Model;
import io.yarndl.yarn.metrics.Dl2Metrics;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the scheduler's DL2 policies say about their model, made visible: one INFO line when a
 * model serves ({@code DL2 serves model <id> (version <version>) from <file>}), one WARN line when
 * DL2 falls back ({@code DL2 falls back to optimus: <reason>}, the reason naming the file and what
 * is wrong with it), and the counter and gauges of {@link Dl2Metrics}. It also remembers which
 * model serves, for the checkpoint: the version it holds is the serving policy's
 * {@code Dl2Policy.modelVersion()}, since a policy announces its model when it starts serving and
 * announces every fallback.
 *
 * <p>Called on whichever thread builds or runs a policy (the RM's init thread, the round thread,
 * the policy's own thread); read from any.
 */
public final class Dl2ModelStatus implements Dl2Events {

    private static final Logger LOG = LoggerFactory.getLogger(Dl2ModelStatus.class);

    private final Dl2Metrics metrics;
    private volatile String servingVersion;
    private volatile String fallbackReason;

    public Dl2ModelStatus(Dl2Metrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    public void serving(Dl2Model model) {
        servingVersion = model.version();
        fallbackReason = null;
        metrics.serving(model.version());
        LOG.info("DL2 serves model {} (version {}) from {}", model.card().id(), model.version(), model.source());
    }

    @Override
    public void fellBack(String reason) {
        servingVersion = null;
        fallbackReason = reason;
        metrics.fellBack();
        LOG.warn("DL2 falls back to optimus: {}", reason);
    }

    @Override
    public void inferred(long nanos) {
        metrics.inferred(nanos);
    }

    /** The serving model's version; empty while DL2 falls back, or before (or without) any dl2 policy. */
    public Optional<String> servingVersion() {
        return Optional.ofNullable(servingVersion);
    }

    /** Why DL2 last fell back; empty while a model serves. */
    public Optional<String> fallbackReason() {
        return Optional.ofNullable(fallbackReason);
    }
}
