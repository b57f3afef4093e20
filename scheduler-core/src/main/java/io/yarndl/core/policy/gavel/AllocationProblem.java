package io.yarndl.core.policy.gavel;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;

/**
 * One round's input to a Gavel allocation objective (Narayanan et al., "Heterogeneity-Aware
 * Cluster Scheduling Policies for Deep Learning Workloads", OSDI'20, section 3): the jobs in
 * arrival order, the GPU types, and per job what the objectives weigh. The answer is an
 * allocation matrix X (jobs x types), X[j][k] the fraction of time job j spends on type k
 * ({@link TimeFractions}).
 *
 * <p>{@code throughputs[j][k]} is job j's steps per second on type k when it runs at its scale
 * factor, 0 where it cannot run there; {@code scaleFactors[j]} the GPUs it holds while it runs;
 * {@code gpusPerType[k]} the GPUs of type k the policy may divide. A job can use type k only where
 * its throughput is positive and its scale factor fits the type ({@link #canRun(int, int)}).
 * {@code priorityWeights} (&gt; 0, 1 by default) weigh max-min fairness; {@code remainingSteps}
 * (&gt; 0) and {@code secondsSinceArrival} (&ge; 0) feed finish-time fairness and min-total-duration.
 *
 * <p>{@code pairs} are the jobs that may share GPUs (Gavel's space sharing, {@link SharingPair}):
 * empty for every policy but Gavel's {@code _packed} ones. Each pair joins two jobs of one scale
 * factor; it can run on type k where both its throughputs are positive and the scale factor fits
 * ({@link #canRunPair(int, int)}).
 *
 * <p>Arrays are copied in and out: no caller can change a problem after it is built. Read single
 * entries through the indexed accessors ({@link #throughput(int, int)} etc.), which do not copy.
 */
public record AllocationProblem(List<String> jobIds, List<String> gpuTypes, double[][] throughputs,
        int[] scaleFactors, int[] gpusPerType, double[] priorityWeights, double[] remainingSteps,
        double[] secondsSinceArrival, List<SharingPair> pairs) {

    public AllocationProblem {
        jobIds = List.copyOf(Objects.requireNonNull(jobIds, "jobIds"));
        gpuTypes = List.copyOf(Objects.requireNonNull(gpuTypes, "gpuTypes"));
        int n = jobIds.size();
        throughputs = ProblemChecks.copyRows(throughputs, n);
        scaleFactors = ProblemChecks.copy(scaleFactors, n, "scaleFactors", "jobs");
        gpusPerType = ProblemChecks.copy(gpusPerType, gpuTypes.size(), "gpusPerType", "GPU types");
        priorityWeights = ProblemChecks.copy(priorityWeights, n, "priorityWeights", "jobs");
        remainingSteps = ProblemChecks.copy(remainingSteps, n, "remainingSteps", "jobs");
        secondsSinceArrival = ProblemChecks.copy(secondsSinceArrival, n, "secondsSinceArrival", "jobs");
        ProblemChecks.validate(jobIds, gpuTypes, throughputs, scaleFactors, gpusPerType, priorityWeights,
                remainingSteps, secondsSinceArrival);
        pairs = List.copyOf(Objects.requireNonNull(pairs, "pairs"));
        ProblemChecks.validatePairs(pairs, n, gpuTypes.size(), scaleFactors);
    }

    /** A problem in which no two jobs may share GPUs. */
    public AllocationProblem(List<String> jobIds, List<String> gpuTypes, double[][] throughputs, int[] scaleFactors,
                             int[] gpusPerType, double[] priorityWeights, double[] remainingSteps,
                             double[] secondsSinceArrival) {
        this(jobIds, gpuTypes, throughputs, scaleFactors, gpusPerType, priorityWeights, remainingSteps,
                secondsSinceArrival, List.of());
    }

    /**
     * A problem for tests and benchmarks: jobs {@code job0..}, types {@code type0..}, weights 1,
     * one remaining step per job, every job just arrived.
     */
    public static AllocationProblem of(double[][] throughputs, int[] scaleFactors, int[] gpusPerType) {
        int n = throughputs.length;
        double[] ones = new double[n];
        Arrays.fill(ones, 1.0);
        return new AllocationProblem(names("job", n), names("type", gpusPerType.length), throughputs,
                scaleFactors, gpusPerType, ones, ones, new double[n]);
    }

    /** This problem with other remaining steps and seconds since arrival (finish-time objectives). */
    public AllocationProblem withProgress(double[] remainingSteps, double[] secondsSinceArrival) {
        return new AllocationProblem(jobIds, gpuTypes, throughputs, scaleFactors, gpusPerType,
                priorityWeights, remainingSteps, secondsSinceArrival, pairs);
    }

    /** This problem with {@code pairs} as the jobs that may share GPUs. */
    public AllocationProblem withPairs(List<SharingPair> pairs) {
        return new AllocationProblem(jobIds, gpuTypes, throughputs, scaleFactors, gpusPerType,
                priorityWeights, remainingSteps, secondsSinceArrival, pairs);
    }

    /** This problem with other priority weights. */
    public AllocationProblem withPriorityWeights(double[] priorityWeights) {
        return new AllocationProblem(jobIds, gpuTypes, throughputs, scaleFactors, gpusPerType,
                priorityWeights, remainingSteps, secondsSinceArrival, pairs);
    }

    /**
     * Gavel's heterogeneity-agnostic view: every positive throughput set to 1.0 (zeros stay zero:
     * the job still cannot run there), so every type the job can use looks the same. No pairs:
     * Gavel's agnostic policies do not share GPUs.
     */
    public AllocationProblem withEqualThroughputs() {
        return mapThroughputs(job -> 1.0);
    }

    /**
     * Gavel's heterogeneity-agnostic view for objectives measured in seconds (finish-time fairness,
     * min-total-duration): every positive throughput of job j set to {@link #bestThroughput(int)}, its
     * throughput on the fastest type it fits, as if every GPU were that type (Gavel uses each job's
     * V100 throughput, its fastest type). Unlike {@link #withEqualThroughputs()} a job's seconds per step stay what they are.
     */
    public AllocationProblem withFastestTypeThroughputs() {
        return mapThroughputs(this::bestThroughput);
    }

    public int jobCount() {
        return jobIds.size();
    }

    public int typeCount() {
        return gpuTypes.size();
    }

    /** True when there is nothing to divide: no jobs, or no GPUs of any type. */
    public boolean isEmpty() {
        return jobIds.isEmpty() || Arrays.stream(gpusPerType).sum() == 0;
    }

    public double throughput(int job, int type) {
        return throughputs[job][type];
    }

    /** Whether job may run on type at all: a positive throughput there, and room for its scale factor. */
    public boolean canRun(int job, int type) {
        return throughputs[job][type] > 0 && scaleFactors[job] <= gpusPerType[type];
    }

    /** Whether job can run on some type. */
    public boolean canRunAnywhere(int job) {
        return IntStream.range(0, typeCount()).anyMatch(k -> canRun(job, k));
    }

    /** Job's throughput on type where {@link #canRun(int, int)}, else 0. */
    public double usableThroughput(int job, int type) {
        return canRun(job, type) ? throughputs[job][type] : 0;
    }

    /** The highest throughput job can reach: all its time on its fastest usable type. */
    public double bestThroughput(int job) {
        return IntStream.range(0, typeCount()).mapToDouble(k -> usableThroughput(job, k)).max().orElse(0);
    }

    public int pairCount() {
        return pairs.size();
    }

    public SharingPair pair(int index) {
        return pairs.get(index);
    }

    /** Whether pair may share GPUs of type: both jobs make progress there, and their scale factor fits. */
    public boolean canRunPair(int pair, int type) {
        SharingPair p = pairs.get(pair);
        return p.positiveOn(type) && scaleFactors[p.first()] <= gpusPerType[type];
    }

    public int scaleFactor(int job) {
        return scaleFactors[job];
    }

    public int gpus(int type) {
        return gpusPerType[type];
    }

    public double priorityWeight(int job) {
        return priorityWeights[job];
    }

    public double remainingSteps(int job) {
        return remainingSteps[job];
    }

    public double secondsSinceArrival(int job) {
        return secondsSinceArrival[job];
    }

    @Override
    public double[][] throughputs() {
        return Arrays.stream(throughputs).map(double[]::clone).toArray(double[][]::new);
    }

    @Override
    public int[] scaleFactors() {
        return scaleFactors.clone();
    }

    @Override
    public int[] gpusPerType() {
        return gpusPerType.clone();
    }

    @Override
    public double[] priorityWeights() {
        return priorityWeights.clone();
    }

    @Override
    public double[] remainingSteps() {
        return remainingSteps.clone();
    }

    @Override
    public double[] secondsSinceArrival() {
        return secondsSinceArrival.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AllocationProblem p && jobIds.equals(p.jobIds) && gpuTypes.equals(p.gpuTypes)
                && Arrays.deepEquals(throughputs, p.throughputs) && Arrays.equals(scaleFactors, p.scaleFactors)
                && Arrays.equals(gpusPerType, p.gpusPerType) && Arrays.equals(priorityWeights, p.priorityWeights)
                && Arrays.equals(remainingSteps, p.remainingSteps)
                && Arrays.equals(secondsSinceArrival, p.secondsSinceArrival) && pairs.equals(p.pairs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(jobIds, gpuTypes, Arrays.deepHashCode(throughputs), Arrays.hashCode(scaleFactors),
                Arrays.hashCode(gpusPerType));
    }

    @Override
    public String toString() {
        return "AllocationProblem[jobs=" + jobIds + ", gpuTypes=" + gpuTypes + ", gpusPerType="
                + Arrays.toString(gpusPerType) + ", scaleFactors=" + Arrays.toString(scaleFactors) + ", pairs="
                + pairs.size() + "]";
    }

    private AllocationProblem mapThroughputs(IntToDoubleFunction positiveValue) {
        double[][] mapped = new double[jobCount()][];
        for (int j = 0; j < mapped.length; j++) {
            double value = positiveValue.applyAsDouble(j);
            mapped[j] = Arrays.stream(throughputs[j]).map(t -> t > 0 ? value : 0).toArray();
        }
        return new AllocationProblem(jobIds, gpuTypes, mapped, scaleFactors, gpusPerType, priorityWeights,
                remainingSteps, secondsSinceArrival);
    }

    private static List<String> names(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> prefix + i).toList();
    }
}
