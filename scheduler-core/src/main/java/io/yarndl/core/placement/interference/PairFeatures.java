package io.yarndl.core.placement.interference;

import java.util.List;

/**
 * The inputs of the interference model for one job ({@code self}) beside another ({@code other}) on
 * one GPU type: only what generalises to pairs nobody measured, no identity of the job type.
 *
 * <ul>
 *   <li>for each job, self then other: log steps/s alone on the type (how hard it drives the
 *       device and the host feeding it), log speed-up V100 over K80 (compute- vs input-bound), log
 *       batch size and a flag for "no batch size" (A3C, CycleGAN), and its model family one-hot
 *       ({@link JobProfile#MODEL_FAMILIES});</li>
 *   <li>for the pair: the product of the two log speeds, the product of the two log batch sizes,
 *       a flag for "the same job type", and the pair of model families one-hot (7 x 7, self's
 *       family first, since slowdowns are not symmetric).</li>
 * </ul>
 * 75 numbers; the GPU type itself is not one of them, the model keeps one fit per type.
 */
final class PairFeatures {

    private static final List<String> FAMILIES = JobProfile.MODEL_FAMILIES;
    private static final int PER_JOB = 4 + FAMILIES.size();

    /** How many numbers {@link #of} returns. */
    static final int COUNT = 2 * PER_JOB + 3 + FAMILIES.size() * FAMILIES.size();

    private PairFeatures() {
    }

    static double[] of(JobProfile self, JobProfile other, String gpuType) {
        double[] x = new double[COUNT];
        writeJob(self, gpuType, x, 0);
        writeJob(other, gpuType, x, PER_JOB);
        int at = 2 * PER_JOB;
        x[at] = x[0] * x[PER_JOB];
        x[at + 1] = x[2] * x[PER_JOB + 2];
        x[at + 2] = self.jobType().equals(other.jobType()) ? 1 : 0;
        int selfFamily = FAMILIES.indexOf(self.modelFamily());
        int otherFamily = FAMILIES.indexOf(other.modelFamily());
        if (selfFamily >= 0 && otherFamily >= 0) {
            x[at + 3 + selfFamily * FAMILIES.size() + otherFamily] = 1;
        }
        return x;
    }

    private static void writeJob(JobProfile job, String gpuType, double[] x, int at) {
        x[at] = Math.log(job.stepsPerSecondOn(gpuType));
        x[at + 1] = Math.log(job.speedUpV100OverK80());
        // Log batch size 0 for "none", told apart from batch size 1 by the flag beside it.
        x[at + 2] = job.batchSize().isPresent() ? Math.log(job.batchSize().getAsInt()) : 0;
        x[at + 3] = job.batchSize().isPresent() ? 0 : 1;
        int family = FAMILIES.indexOf(job.modelFamily());
        if (family >= 0) {
            x[at + 4 + family] = 1;
        }
    }
}
