package io.yarndl.yarn.dl2;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.placement.marl.serving.MarlServing;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdSettings;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.metrics.Dl2Metrics;
import io.yarndl.yarn.round.PolicyRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the scheduler does for DL2, in one place: the registry whose {@code dl2} serves the
 * configured (or shipped) model and reports to {@link Dl2ModelStatus}, and, when the policy is
 * {@code dl2} with a configured file, the watch that reloads a replaced file before a round.
 */
public final class Dl2Serving {

    private static final Logger LOG = LoggerFactory.getLogger(Dl2Serving.class);

    private final Dl2ModelStatus status;
    private final Dl2ModelSource source;
    private final ModelFileWatch watch;
    private final double gavelRoundSec;
    private final String placement;
    private final MarlServing marl;
    private final SmdSettings smd;
    private final PolluxSettings pollux;
    private final SiaSettings sia;
    private final ResizeSettings resize;
    private ModelReload reload;

    /** As {@link #Dl2Serving(SchedulerSettings, Dl2Metrics, MarlServing)}, {@code marl} unreported. */
    public Dl2Serving(SchedulerSettings settings, Dl2Metrics metrics) {
        this(settings, metrics, MarlServing.SHIPPED_UNREPORTED);
    }

    /** @param marl where the {@code marl} placement, if configured, gets its model and whom it tells */
    public Dl2Serving(SchedulerSettings settings, Dl2Metrics metrics, MarlServing marl) {
        this.status = new Dl2ModelStatus(metrics);
        this.source = new Dl2ModelSource(settings.dl2Model(), status);
        // Stamped before the first load: a file replaced in between is then loaded again, never missed.
        this.watch = watchedModel(settings);
        this.gavelRoundSec = settings.gavelRound().toMillis() / 1000.0;
        this.placement = settings.placement();
        this.marl = marl;
        this.smd = settings.smd();
        this.pollux = settings.pollux();
        this.sia = settings.sia();
        this.resize = settings.resize();
    }

    /**
     * The policies, {@code dl2} served from the configured model, Gavel's with the configured round,
     * SMD, Pollux and Sia with their configured knobs, optimus and SMD with the configured resize-cost
     * rule, every one placing with the configured placement; not those that share GPUs between jobs,
     * which YARN cannot run.
     */
    public PolicyRegistry registry() {
        return PolicyRegistry.standard(source::newPolicy, gavelRoundSec, PlacementStrategies.named(placement, marl), smd,
                pollux, sia, resize).withoutGpuSharing();
    }

    /** Reloads through {@code runner} when the watched file is replaced. */
    public void attach(PolicyRunner runner) {
        reload = watch == null ? null : new ModelReload(watch, source, runner);
    }

    /** Called on the round thread before each plan: a cheap stat of the file, a reload when it changed. */
    public void beforeRound() {
        if (reload != null) {
            reload.beforeRound();
        }
    }

    public Dl2ModelStatus status() {
        return status;
    }

    private static ModelFileWatch watchedModel(SchedulerSettings settings) {
        if (!Dl2Policy.NAME.equals(settings.policy())) {
            settings.dl2Model().ifPresent(path -> LOG.info("{} = {} is not used: the policy is {}, not {}",
                    SchedulerSettings.DL2_MODEL, path, settings.policy(), Dl2Policy.NAME));
            return null;
        }
        return settings.dl2Model().map(ModelFileWatch::new).orElse(null);
    }
}
