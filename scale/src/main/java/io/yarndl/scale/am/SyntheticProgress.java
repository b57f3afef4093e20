package io.yarndl.scale.am;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;

/**
 * A DL job's training as its AM reports it: it advances only while the job holds at least its
 * minimum of workers, at {@value #STEPS_PER_SECOND} steps a second on one worker and
 * {@code w^}{@value #SCALING} times that on {@code w}, along the loss curve
 * {@code loss(step) = 1 / (b0 * step + 1) + b2} (Optimus' form, b0 = {@value #B0}, b2 = {@value #B2}),
 * one sample per heartbeat. Samples wait in a batch until the job writes them.
 */
final class SyntheticProgress {

    static final double STEPS_PER_SECOND = 2.0;
    static final double SCALING = 0.9;
    static final double B0 = 0.0005;
    static final double B2 = 0.05;

    private final List<ProgressSample> batch = new ArrayList<>();
    private double step;

    /** Trains for {@code seconds} on {@code workers} and adds the sample; none below {@code minWorkers}. */
    void advance(double seconds, int workers, int minWorkers) {
        if (workers < minWorkers || workers == 0 || seconds <= 0) {
            return;
        }
        double speed = STEPS_PER_SECOND * Math.pow(workers, SCALING);
        step += speed * seconds;
        long reported = (long) step;
        batch.add(new ProgressSample(System.currentTimeMillis() / 1000.0, reported, 1.0 / (B0 * reported + 1) + B2,
                speed, workers, 0));
    }

    /** The samples since the last call, oldest first; the batch starts again empty. */
    List<ProgressSample> drain() {
        List<ProgressSample> out = List.copyOf(batch);
        batch.clear();
        return out;
    }

    double step() {
        return step;
    }
}
