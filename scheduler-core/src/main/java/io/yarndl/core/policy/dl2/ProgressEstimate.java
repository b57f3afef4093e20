package io.yarndl.core.policy.dl2;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How far a job has come, in [0, 1], from what it reported: the "progress" of DL2's state. DL2's
 * jobs ran a known number of epochs; ours may instead stop at a target loss, whose step count is
 * unknown, so there progress is measured in loss: from the first reported loss towards the target,
 * using the median of the last three reports against noise. Unusable samples are skipped.
 */
final class ProgressEstimate {

    private static final int RECENT = 3;

    private ProgressEstimate() {
    }

    static double of(JobView job) {
        TrainingGoal goal = job.spec().goal();
        if (goal instanceof TrainingGoal.FixedSteps fixed) {
            return clamp((double) job.currentStep() / fixed.totalSteps());
        }
        double target = ((TrainingGoal.TargetLoss) goal).loss();
        List<ProgressSample> samples = job.samples();
        double first = Double.NaN;
        List<Double> recent = new ArrayList<>(RECENT);
        for (ProgressSample sample : samples) {
            if (sample.isUsable()) {
                first = sample.loss();
                break;
            }
        }
        for (int i = samples.size() - 1; i >= 0 && recent.size() < RECENT; i--) {
            if (samples.get(i).isUsable()) {
                recent.add(samples.get(i).loss());
            }
        }
        if (recent.size() < 2 || !(first > target)) {
            return 0;
        }
        Collections.sort(recent);
        double now = recent.get(recent.size() / 2);
        return clamp((first - now) / (first - target));
    }

    private static double clamp(double value) {
        return Double.isFinite(value) ? Math.max(0, Math.min(1, value)) : 0;
    }
}
