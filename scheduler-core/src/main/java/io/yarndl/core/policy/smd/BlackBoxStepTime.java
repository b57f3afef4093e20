package io.yarndl.core.policy.smd;

import io.yarndl.core.policy.optimus.SpeedModel;

import java.util.Objects;

/**
 * The documented fallback for a job without a layer table (an all-reduce job, or a model SMD has
 * no table for): Optimus' speed curve fitted to its own samples. It says nothing of the network, so
 * such a job takes no room in the knapsack's network dimension.
 *
 * @param speed the fitted curve
 */
record BlackBoxStepTime(SpeedModel speed) implements StepTime {

    BlackBoxStepTime {
        Objects.requireNonNull(speed, "speed");
    }

    @Override
    public double secondsPerStep(int workers, int servers) {
        double perSecond = speed.stepsPerSecond(workers, servers);
        return perSecond > 0 ? 1 / perSecond : Double.POSITIVE_INFINITY;
    }

    @Override
    public double busyLinks(int workers, int servers) {
        return 0;
    }

    @Override
    public String layout(int servers) {
        return "";
    }
}
