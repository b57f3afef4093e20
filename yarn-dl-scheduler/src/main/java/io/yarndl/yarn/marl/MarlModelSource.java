package io.yarndl.yarn.marl;

import io.yarndl.core.placement.marl.MarlPlacement;
import io.yarndl.core.placement.marl.serving.MarlServing;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.metrics.MarlMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the scheduler's {@code marl} placements get their model: the file of
 * {@code yarn.dl.scheduler.marl.model}, or the model shipped in the jar when none is configured,
 * loaded once (at the first {@code marl} placement built, on the RM's init thread) and shared by
 * every placement built after, reporting to a {@link MarlModelStatus}. Unlike DL2's model, a
 * replaced file is not reloaded: a restart reads it again.
 */
public final class MarlModelSource {

    private static final Logger LOG = LoggerFactory.getLogger(MarlModelSource.class);

    private MarlModelSource() {
    }

    /** The serving of {@code settings}' marl model, counted in {@code metrics}. */
    public static MarlServing of(SchedulerSettings settings, MarlMetrics metrics) {
        if (!MarlPlacement.NAME.equals(settings.placement())) {
            settings.marlModel().ifPresent(path -> LOG.info("{} = {} is not used: the placement is {}, not {}",
                    SchedulerSettings.MARL_MODEL, path, settings.placement(), MarlPlacement.NAME));
        }
        return MarlServing.of(settings.marlModel(), new MarlModelStatus(metrics));
    }

}
