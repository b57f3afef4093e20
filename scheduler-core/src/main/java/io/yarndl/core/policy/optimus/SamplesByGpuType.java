package io.yarndl.core.policy.optimus;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;

/**
 * Picks the samples one GPU type's speed model is fitted to: those measured on the type the job
 * ran on last. Untagged samples (a reporter that does not say its type) count as the unknown
 * type, so a job on an untyped cluster keeps every sample, as before types existed.
 */
final class SamplesByGpuType {

    private SamplesByGpuType() {
    }

    /** The type of the newest sample with a speed, or {@link Node#UNKNOWN_GPU_TYPE}. */
    static String newestType(List<ProgressSample> samples) {
        for (int i = samples.size() - 1; i >= 0; i--) {
            if (samples.get(i).hasSpeed()) {
                return samples.get(i).gpuType();
            }
        }
        return Node.UNKNOWN_GPU_TYPE;
    }

    /** The samples measured on {@code type}, oldest first; all of them when every sample is of that type. */
    static List<ProgressSample> on(List<ProgressSample> samples, String type) {
        List<ProgressSample> kept = new ArrayList<>(samples.size());
        for (ProgressSample sample : samples) {
            if (sample.gpuType().equals(type)) {
                kept.add(sample);
            }
        }
        return kept.size() == samples.size() ? samples : kept;
    }
}
