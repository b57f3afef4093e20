package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The metrics of the {@code marl} placement's model, for an operator's alerting, as {@link Dl2Metrics}
 * for DL2's: a model that stopped serving is a scheduler that quietly places as
 * {@code interference-aware} instead.
 * <ul>
 *   <li>{@value #FALLBACKS} (counter): times {@code marl} fell back since the scheduler started
 *       (each placement built on a rejected model, each network that failed while placing).</li>
 *   <li>{@value #SERVING} (gauge, 0 or 1): 1 while a model serves; 0 while {@code marl} falls back,
 *       and when the placement is not {@code marl}.</li>
 *   <li>{@value #MODEL} (gauge, text): the serving model's version ({@code <id>@<first 12 hex digits
 *       of its sha256>}), null while none serves.</li>
 * </ul>
 * Thread-safe: written by whichever thread builds or runs the placement, read by JMX.
 */
public final class MarlMetrics {

    public static final String FALLBACKS = "marl.fallbacks";
    public static final String SERVING = "marl.serving";
    public static final String MODEL = "marl.model";

    private final Counter fallbacks;
    private final AtomicReference<String> servingVersion = new AtomicReference<>();

    MarlMetrics(MetricRegistry registry) {
        fallbacks = registry.counter(FALLBACKS);
        registry.register(SERVING, (Gauge<Integer>) () -> servingVersion.get() == null ? 0 : 1);
        registry.register(MODEL, (Gauge<String>) servingVersion::get);
    }

    /** The model of {@code version} serves from now on. */
    public void serving(String version) {
        servingVersion.set(Objects.requireNonNull(version, "version"));
    }

    /** {@code marl} fell back to {@code interference-aware}: counted, and no model serves. */
    public void fellBack() {
        servingVersion.set(null);
        fallbacks.inc();
    }

    public long fallbacks() {
        return fallbacks.getCount();
    }

    /** The serving model's version, empty while none serves. */
    public Optional<String> servingVersion() {
        return Optional.ofNullable(servingVersion.get());
    }
}
