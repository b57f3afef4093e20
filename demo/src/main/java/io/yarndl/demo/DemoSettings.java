package io.yarndl.demo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * What one run of {@code bin/yarn-dl demo} does, validated by {@link YarnDlDemo} from its command
 * line.
 *
 * @param policy        the scheduling policy the ResourceManager runs, e.g. {@code optimus}
 * @param firstEpochs   epochs of the first job, the one that grows and later shrinks
 * @param secondEpochs  epochs of the second job, whose arrival makes the first one shrink
 * @param stepsPerEpoch optimiser steps in one epoch (both jobs)
 * @param stepSeconds   the least time a training step takes on one worker, divided among the workers:
 *                      a bigger model's compute, so that resizes happen mid-training where a person
 *                      can watch them, and a second worker speeds a job up as on real GPUs
 * @param webPort       the ResourceManager's web port asked for (another free one if it is taken)
 * @param refresh       how often the progress lines are printed
 * @param keepRunning   whether the cluster stays up after the jobs end, until Ctrl-C
 * @param python        the interpreter, with PyTorch, that runs the training script on the nodes
 */
public record DemoSettings(String policy, int firstEpochs, int secondEpochs, int stepsPerEpoch, double stepSeconds,
                           int webPort, Duration refresh, boolean keepRunning, Path python) {

    public DemoSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(refresh, "refresh");
        Objects.requireNonNull(python, "python");
    }
}
