package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The metrics of DL2's model, for an operator's alerting: a model that stopped serving is a
 * scheduler that quietly runs {@code optimus} instead.
 * <ul>
 *   <li>{@value #FALLBACKS} (counter): times DL2 fell back to {@code optimus} since the scheduler
 *       started (a rejected model at start or reload, a model that failed during a round).</li>
 *   <li>{@value #SERVING} (gauge, 0 or 1): 1 while a model serves; 0 while DL2 falls back, and
 *       when the policy is not {@code dl2}.</li>
 *   <li>{@value #MODEL} (gauge, text): the serving model's version ({@code <id>@<first 12 hex
 *       digits of its sha256>}), null while none serves.</li>
 *   <li>{@value #INFERENCE} (timer): each call of the model's network (one per action DL2 takes,
 *       several per round), in the RM: ONNX Runtime's latency as operators see it.</li>
 * </ul>
 * Thread-safe: written by whichever thread builds or runs the policy, read by JMX.
 */
public final class Dl2Metrics {

    public static final String FALLBACKS = "dl2.fallbacks";
    public static final String SERVING = "dl2.serving";
    public static final String MODEL = "dl2.model";
    public static final String INFERENCE = "dl2.inference";

    private final Counter fallbacks;
    private final Timer inference;
    private final AtomicReference<String> servingVersion = new AtomicReference<>();

    Dl2Metrics(MetricRegistry registry) {
        fallbacks = registry.counter(FALLBACKS);
        inference = registry.timer(INFERENCE);
        registry.register(SERVING, (Gauge<Integer>) () -> servingVersion.get() == null ? 0 : 1);
        registry.register(MODEL, (Gauge<String>) servingVersion::get);
    }

    /** The model of {@code version} serves from now on. */
    public void serving(String version) {
        servingVersion.set(Objects.requireNonNull(version, "version"));
    }

    /** DL2 fell back to {@code optimus}: counted, and no model serves. */
    public void fellBack() {
        servingVersion.set(null);
        fallbacks.inc();
    }

    /** One network call took {@code nanos}. */
    public void inferred(long nanos) {
        inference.update(nanos, TimeUnit.NANOSECONDS);
    }

    public long fallbacks() {
        return fallbacks.getCount();
    }

    public boolean isServing() {
        return servingVersion.get() != null;
    }

    /** The serving model's version, empty while none serves. */
    public Optional<String> servingVersion() {
        return Optional.ofNullable(servingVersion.get());
    }
}
