package io.yarndl.yarn.jobs;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;

/**
 * What one progress record, a batch of samples oldest first, adds to a job. The samples up to and
 * including the job's last accepted one, where the batch holds it, were seen before (the same
 * record read again: a reconnect, a restart seeded from the checkpoint) and are skipped silently;
 * each later one is admitted as a single sample would be ({@link JobState#admit}). An AM that
 * publishes every sample in some batch and a watcher that reads the latest record at least once
 * per batch thus lose nothing, however many samples the AM took between two reads.
 *
 * @param state    the job after the batch
 * @param accepted samples appended to its history
 * @param rejected what was refused, in batch order, for the watcher to count and log
 */
record BatchIntake(JobState state, int accepted, List<Rejected> rejected) {

    /** One refused sample. */
    record Rejected(RejectionReason reason, String detail) {
    }

    static BatchIntake of(JobState current, List<ProgressSample> batch, int maxSamples) {
        JobState state = current;
        int accepted = 0;
        List<Rejected> rejected = new ArrayList<>();
        for (ProgressSample sample : batch.subList(firstUnseen(current, batch), batch.size())) {
            if (!sample.isUsable()) {
                rejected.add(new Rejected(RejectionReason.UNUSABLE_SAMPLE, "unusable sample " + sample));
                continue;
            }
            switch (state.admit(sample)) {
                case ACCEPT -> {
                    state = state.withSample(sample, maxSamples);
                    accepted++;
                }
                case STEP_BACKWARDS -> rejected.add(new Rejected(RejectionReason.STEP_BACKWARDS, "step "
                        + sample.step() + " is below step " + state.samples().get(state.samples().size() - 1).step()
                        + " of the last accepted sample"));
                case DUPLICATE -> {
                    // the last accepted sample again: a redelivery
                }
            }
        }
        return new BatchIntake(state, accepted, List.copyOf(rejected));
    }

    /** The index after the job's last accepted sample in {@code batch}; 0 when the batch does not hold it. */
    private static int firstUnseen(JobState current, List<ProgressSample> batch) {
        List<ProgressSample> held = current.samples();
        if (held.isEmpty()) {
            return 0;
        }
        ProgressSample last = held.get(held.size() - 1);
        for (int i = batch.size() - 1; i >= 0; i--) {
            ProgressSample sample = batch.get(i);
            if (sample.step() == last.step() && sample.timeSec() == last.timeSec()) {
                return i + 1;
            }
        }
        return 0;
    }
}
