package io.yarndl.am.launch;

import java.io.IOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ps-lite scheduler of an MXNet job, hosted by the AM: MXNet sizes it for one generation
 * ({@code DMLC_NUM_WORKER}, {@code DMLC_NUM_SERVER}), so each new generation gets a new one and
 * the old one stops.
 */
public final class MxnetSchedulerHost implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MxnetSchedulerHost.class);

    private final MxnetLauncher launcher;
    private final Path logDir;
    private AmHostedProcess scheduler;
    private int generation;

    public MxnetSchedulerHost(MxnetLauncher launcher, Path logDir) {
        this.launcher = launcher;
        this.logDir = logDir;
    }

    /** Starts the scheduler of {@code plan}'s generation unless it already runs. */
    public synchronized void serve(GenerationPlan plan) {
        if (plan.generation() == generation) {
            return;
        }
        close();
        try {
            scheduler = AmHostedProcess.start("dmlc-scheduler-g" + plan.generation(),
                    launcher.schedulerCommand(plan), logDir);
        } catch (IOException e) {
            LOG.error("could not start MXNet's scheduler", e);
        }
        generation = plan.generation();
    }

    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.close();
            scheduler = null;
        }
    }
}
