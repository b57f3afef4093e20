package io.yarndl.sim.workload;

/**
 * DL2's job-length data for one of its model types (pengyanghua/DL2 @ 2e54920d, {@code trace.py}):
 * DL2 converts a speed into epochs by dividing by {@code stepsPerEpoch} (its {@code epoch_sizes}),
 * and gives each job {@code fractionOfMaxEpochs} times its maximum number of epochs (its
 * {@code num_epochs}; {@code MAX_NUM_EPOCHS} in {@code parameters.py}), +-10% at random.
 * A workload generator can size jobs with it: {@code requiredSteps = epochs * stepsPerEpoch}.
 *
 * @param stepsPerEpoch       steps (in the type's speed units) per epoch
 * @param fractionOfMaxEpochs the type's share of the longest job's epochs, in (0, 1]
 */
public record EpochProfile(int stepsPerEpoch, double fractionOfMaxEpochs) {

    public EpochProfile {
        if (stepsPerEpoch < 1 || !(fractionOfMaxEpochs > 0 && fractionOfMaxEpochs <= 1)) {
            throw new IllegalArgumentException("epoch profile needs stepsPerEpoch >= 1 and a fraction in (0, 1], got "
                    + stepsPerEpoch + ", " + fractionOfMaxEpochs);
        }
    }
}
