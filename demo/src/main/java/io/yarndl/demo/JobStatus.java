package io.yarndl.demo;

import java.time.Duration;
import java.util.Objects;

/**
 * One job as the terminal shows it at one instant.
 *
 * @param name             the application name
 * @param applicationId    YARN's id
 * @param state            YARN's state, with the final status once it ended (e.g. {@code FINISHED/SUCCEEDED})
 * @param ended            whether YARN considers the application done (finished, failed or killed)
 * @param succeeded        whether it ended with final status SUCCEEDED
 * @param heldWorkers      worker containers it holds (its ApplicationMaster's container not counted)
 * @param targetWorkers    workers the scheduler's plan gives it now (0: it waits)
 * @param step             optimiser steps done, from its last progress record; -1 before the first
 * @param totalSteps       steps its goal asks for
 * @param loss             training loss at {@code step}; NaN before the first record
 * @param samplesPerSecond training speed of the last record; NaN before the first
 * @param elapsed          since it was submitted, until it ended
 */
record JobStatus(String name, String applicationId, String state, boolean ended, boolean succeeded, int heldWorkers,
                 int targetWorkers, long step, long totalSteps, double loss, double samplesPerSecond,
                 Duration elapsed) {

    JobStatus {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(elapsed, "elapsed");
    }
}
