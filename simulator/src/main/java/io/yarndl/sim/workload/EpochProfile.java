package io.yarndl.sim.workload;

/**
 * DL2's job-length data for one of its model types (pengyanghua/DL2 @ 2e54920d, {@code trace.py}):
 * DL2 converts a speed into epochs by dividing by {@code stepsPerEpoch} (its {@code epoch_sizes}),
 * and gives each job {@code fractionOfMaxEpochs} times its maximum number of epochs (its
 * {@code num_epochs}; {@code MAX_NUM_EPOCHS} in {@code parameters.py}), +-10% at random.
 * A workload generator can size jobs with it: {@code requiredSteps = epochs * stepsPerEpoch}
 * ({@link #requiredSteps(double)}).
 *
 * @param stepsPerEpoch       steps (in the type's speed units) per epoch
 * @param fractionOfMaxEpochs the type's share of the longest job's epochs, in (0, 1]
 */
public record EpochProfile(int stepsPerEpoch, double fractionOfMaxEpochs) {

    /**
     * DL2's longest job in epochs: {@code MAX_NUM_EPOCHS = 30000} in its {@code parameters.py}
     * (pengyanghua/DL2, as stored at 0814e2ba; the comment there says the earlier default was 200).
     * With the catalog's speeds it makes DL2-type jobs last from about half an hour (resnext-110) to
     * about two and a half days (vgg-16) alone at their requested size.
     */
    public static final int DL2_MAX_EPOCHS = 30_000;

    /** DL2 varies each job's epochs by up to this fraction either way ({@code randint(90, 110) / 100}). */
    public static final double EPOCH_JITTER = 0.1;

    public EpochProfile {
        if (stepsPerEpoch < 1 || !(fractionOfMaxEpochs > 0 && fractionOfMaxEpochs <= 1)) {
            throw new IllegalArgumentException("epoch profile needs stepsPerEpoch >= 1 and a fraction in (0, 1], got "
                    + stepsPerEpoch + ", " + fractionOfMaxEpochs);
        }
    }

    /** The steps of a job of this type before the jitter: its epochs times {@link #stepsPerEpoch}. */
    public double meanRequiredSteps() {
        return DL2_MAX_EPOCHS * fractionOfMaxEpochs * stepsPerEpoch;
    }

    /**
     * The steps of one job, {@link #meanRequiredSteps()} scaled by a factor uniform in
     * {@code [1 - EPOCH_JITTER, 1 + EPOCH_JITTER)} chosen by {@code u} in [0, 1) (continuous where DL2
     * draws whole percent, so the mean stays exactly {@link #meanRequiredSteps()}); at least 1.
     */
    public long requiredSteps(double u) {
        return Math.max(1, Math.round(meanRequiredSteps() * (1 - EPOCH_JITTER + 2 * EPOCH_JITTER * u)));
    }
}
