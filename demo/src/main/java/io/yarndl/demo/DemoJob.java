package io.yarndl.demo;

import java.util.Objects;

/**
 * One of the demo's training jobs: {@code examples/ddp_cnn.py} under DistributedDataParallel with
 * 1 to 2 workers of {@value #GPUS_PER_WORKER} GPUs each. A node has 4 GPUs, so the cluster holds two
 * such workers in all: one job alone can have both, two jobs must share.
 *
 * @param name          the application name
 * @param epochs        epochs to train
 * @param stepsPerEpoch optimiser steps in an epoch
 * @param stepSeconds   the least time of a step on one worker; n workers take 1/n of it each
 */
record DemoJob(String name, int epochs, int stepsPerEpoch, double stepSeconds) {

    static final int MIN_WORKERS = 1;
    static final int MAX_WORKERS = 2;
    static final int GPUS_PER_WORKER = 3;

    DemoJob {
        Objects.requireNonNull(name, "name");
    }

    long totalSteps() {
        return (long) epochs * stepsPerEpoch;
    }
}
