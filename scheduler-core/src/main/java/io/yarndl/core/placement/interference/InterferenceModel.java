package io.yarndl.core.placement.interference;

import java.util.Map;

/**
 * Predicts how much a job slows down beside another: the share of its speed alone it keeps (1 =
 * unaffected, 0.5 = half as fast), the job-interference model of Zhao, Wu et al. (IEEE TNSM 2022,
 * arXiv 2112.13354) that issue 19's placements will score nodes with. One ridge regression per GPU
 * type over {@link PairFeatures} (the jobs' speeds, speed-ups, batch sizes and model families, and
 * pairwise terms), fitted by {@link InterferenceTrainer} on Gavel's measured pairs, its output
 * clamped to [0, 1].
 *
 * <p><b>Sharing a GPU, used for sharing a server.</b> Gavel measured two jobs sharing one GPU at once;
 * the placements put jobs on the same server, each on GPUs of its own. The second contends for a
 * subset of what the first does: the host's CPU cores (input pipelines), memory bandwidth, PCIe
 * and the network, but not the GPU's cores and memory. So the model's figure is read as a bound:
 * a job beside another on a server keeps at least the predicted share of its speed, and a job
 * that loses much beside a type on a GPU is the one to keep off that type's servers. A placement
 * needs that ordering of neighbours more than the absolute figure, and no public measurement of
 * server-only sharing across these job types exists to calibrate it. Pairs only: a job beside
 * several others is for the placement that uses it to combine.
 *
 * @param byGpuType the fit of each GPU type, keyed by upper-case type
 */
public record InterferenceModel(Map<String, RidgeRegression> byGpuType) {

    public InterferenceModel {
        byGpuType = Map.copyOf(byGpuType);
    }

    /**
     * The share of its speed alone {@code self} keeps beside {@code other} on {@code gpuType}, in [0, 1].
     *
     * @throws IllegalArgumentException when the model was not fitted on the type, or a job has no
     *                                  measured speed there
     */
    public double slowdown(JobProfile self, JobProfile other, String gpuType) {
        RidgeRegression fit = byGpuType.get(JobProfile.gpuKey(gpuType));
        if (fit == null) {
            throw new IllegalArgumentException("no interference fit for GPU type " + gpuType + "; fitted on "
                    + byGpuType.keySet());
        }
        return Math.min(1, Math.max(0, fit.predict(PairFeatures.of(self, other, gpuType))));
    }
}
