package io.yarndl.sim.workload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Makes synthetic workloads: a seeded, reproducible stream of {@link TraceJob}s for a
 * {@link WorkloadSpec}. Write one to disk with
 * {@code TraceCsvFormat.write(file, WorkloadGenerator.stream(spec), WorkloadGenerator.describe(spec))}.
 *
 * <p>Each job, in order, drawn from one {@link SplittableRandom} seeded with {@code spec.seed()}:
 * <ol>
 *   <li><b>Arrival</b>: Poisson process: gaps are exponential with rate
 *       {@code λ = ρ × G / (E[g] × E[d])}, where ρ is the target load, G the cluster's GPUs,
 *       E[g] the mean GPUs a job asks for ({@link #meanGpusPerJob}, exact, not sampled) and E[d]
 *       the mean duration ({@link DurationDistribution#meanSec()}). So ρ = arrival rate × mean
 *       GPU-seconds demanded at requested size ÷ cluster GPUs. The first job arrives one gap
 *       after time 0.</li>
 *   <li><b>Type</b>: drawn from the mix in proportion to {@code spec.typeWeights()}.</li>
 *   <li><b>Requested workers</b>: 1, 2, 4 or 8 with probabilities 0.70, 0.10, 0.15, 0.05, capped at
 *       the type's {@link JobType#maxWorkers()}: Gavel's synthetic multi-GPU distribution
 *       (Narayanan et al., OSDI'20, {@code scheduler/utils.py}, {@code _generate_scale_factor}).
 *       Parameter servers and the elastic range follow {@link ElasticBounds#forRequest}.</li>
 *   <li><b>User</b>: uniform over {@code user-0 .. user-(users-1)}.</li>
 *   <li><b>Duration</b> alone at the requested size, colocated: {@code spec.durations()}
 *       (by default Gavel's heavy-tailed {@link DurationDistribution#gavelPhilly()}); the job
 *       needs {@code requiredSteps = max(1, round(duration × speed(w, ps, 1)))}, the same
 *       conversion as the trace CSV reader, so written workloads read back equal.</li>
 *   <li><b>Epochs</b>, only for a type in {@code spec.epochLengths()}: the job's steps come from
 *       DL2's epochs instead ({@link EpochProfile#requiredSteps(double)}, one more draw), and the
 *       duration drawn above is unused (drawn anyway, so every job takes the same draws before
 *       it). E[d] in the arrival rate is then replaced by the exact mean GPU-seconds of each
 *       type and size ({@link #meanGpuSecondsPerJob}).</li>
 * </ol>
 * Ids are {@code job-000000}, {@code job-000001}, ... in arrival order. Generation is lazy:
 * {@link #stream} holds one job at a time.
 */
public final class WorkloadGenerator {

    /** Requested worker counts, before the cap at the type's maximum. */
    public static final List<Integer> WORKER_SIZES = List.of(1, 2, 4, 8);
    /** Probability of each of {@link #WORKER_SIZES}. */
    public static final List<Double> WORKER_SIZE_PROBABILITIES = List.of(0.70, 0.10, 0.15, 0.05);

    private WorkloadGenerator() {
    }

    /** The whole workload in memory, in arrival order. */
    public static List<TraceJob> generate(WorkloadSpec spec) {
        List<TraceJob> jobs = new ArrayList<>(spec.jobs());
        stream(spec).forEachRemaining(jobs::add);
        return jobs;
    }

    /** The workload made lazily, one job per {@code next()}; each call gives a fresh, identical stream. */
    public static Iterator<TraceJob> stream(WorkloadSpec spec) {
        return new JobStream(spec);
    }

    /** λ, jobs per second, that makes the offered load equal {@code spec.targetLoad()}. */
    public static double arrivalRatePerSec(WorkloadSpec spec) {
        return spec.targetLoad() * spec.clusterGpus() / meanGpuSecondsPerJob(spec);
    }

    /**
     * Expected GPU-seconds a job demands at its requested size, colocated. Without epoch-sized
     * types it is {@link #meanGpusPerJob} × the mean duration (size and duration are independent);
     * with them, each epoch-sized type and size contributes its GPUs × its mean steps ÷ its speed
     * there, computed exactly.
     */
    public static double meanGpuSecondsPerJob(WorkloadSpec spec) {
        if (spec.epochLengths().isEmpty()) {
            return meanGpusPerJob(spec) * spec.durations().meanSec();
        }
        double weightSum = spec.typeWeights().stream().mapToDouble(Double::doubleValue).sum();
        double mean = 0;
        for (int t = 0; t < spec.types().size(); t++) {
            JobType type = spec.types().get(t);
            EpochProfile epochs = spec.epochLengths().get(type.name());
            for (int s = 0; s < WORKER_SIZES.size(); s++) {
                ElasticBounds bounds = ElasticBounds.forRequest(type, cappedSize(type, WORKER_SIZES.get(s)));
                double seconds = epochs == null ? spec.durations().meanSec()
                        : epochs.meanRequiredSteps() / speedAtRequest(type, bounds);
                mean += spec.typeWeights().get(t) / weightSum * WORKER_SIZE_PROBABILITIES.get(s)
                        * requestedGpus(type, bounds.requestedWorkers(), bounds.requestedPs()) * seconds;
            }
        }
        if (!(mean > 0)) {
            throw new IllegalArgumentException("the job mix asks for no GPU-seconds, so no arrival rate gives a GPU load");
        }
        return mean;
    }

    /**
     * Expected GPUs a job asks for at its requested size (workers' GPUs plus any PS's GPUs), over
     * the type weights and worker-size distribution; computed exactly.
     */
    public static double meanGpusPerJob(WorkloadSpec spec) {
        double weightSum = spec.typeWeights().stream().mapToDouble(Double::doubleValue).sum();
        double mean = 0;
        for (int t = 0; t < spec.types().size(); t++) {
            JobType type = spec.types().get(t);
            for (int s = 0; s < WORKER_SIZES.size(); s++) {
                ElasticBounds bounds = ElasticBounds.forRequest(type, cappedSize(type, WORKER_SIZES.get(s)));
                mean += spec.typeWeights().get(t) / weightSum * WORKER_SIZE_PROBABILITIES.get(s)
                        * requestedGpus(type, bounds.requestedWorkers(), bounds.requestedPs());
            }
        }
        if (!(mean > 0)) {
            throw new IllegalArgumentException("the job mix asks for no GPUs, so no arrival rate gives a GPU load");
        }
        return mean;
    }

    /**
     * The load a workload actually offers to a cluster of {@code clusterGpus} GPUs: GPU-seconds
     * its jobs demand at their requested sizes, colocated, divided by {@code clusterGpus} × the
     * last arrival time. Comparable with {@link WorkloadSpec#targetLoad()}.
     */
    public static double offeredLoad(Iterable<TraceJob> jobs, int clusterGpus) {
        double gpuSeconds = 0;
        double lastArrival = 0;
        for (TraceJob job : jobs) {
            double speed = job.type().speed().stepsPerSecond(job.requestedWorkers(), job.requestedPs(), 1);
            gpuSeconds += requestedGpus(job.type(), job.requestedWorkers(), job.requestedPs()) * job.requiredSteps() / speed;
            lastArrival = Math.max(lastArrival, job.arrivalSec());
        }
        if (!(lastArrival > 0)) {
            throw new IllegalArgumentException("offered load needs jobs arriving after time 0");
        }
        return gpuSeconds / (clusterGpus * lastArrival);
    }

    /** Lines saying how a workload was made, for the comment block of its CSV file. */
    public static List<String> describe(WorkloadSpec spec) {
        List<String> lines = new ArrayList<>();
        lines.add("synthetic workload from yarn-dl WorkloadGenerator");
        lines.add("seed " + spec.seed() + ", " + spec.jobs() + " jobs, target load " + spec.targetLoad()
                + " on " + spec.clusterGpus() + " GPUs, " + spec.users() + " users");
        lines.add("arrival rate " + arrivalRatePerSec(spec) + " jobs/s (Poisson)");
        StringBuilder mix = new StringBuilder("types");
        for (int t = 0; t < spec.types().size(); t++) {
            mix.append(t == 0 ? " " : ", ").append(spec.types().get(t).name()).append(" x").append(spec.typeWeights().get(t));
        }
        lines.add(mix.toString());
        lines.add("durations " + spec.durations() + ", mean " + spec.durations().meanSec() + " s");
        if (!spec.epochLengths().isEmpty()) {
            lines.add("sized in DL2 epochs (max " + EpochProfile.DL2_MAX_EPOCHS + ", +-" + EpochProfile.EPOCH_JITTER
                    + ") instead: " + String.join(", ", new TreeSet<>(spec.epochLengths().keySet())));
        }
        return lines;
    }

    /** The type's true speed at the requested size on one node; fails unless a positive number. */
    private static double speedAtRequest(JobType type, ElasticBounds bounds) {
        double speed = type.speed().stepsPerSecond(bounds.requestedWorkers(), bounds.requestedPs(), 1);
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalStateException("true speed of " + type.name() + " at " + bounds.requestedWorkers()
                    + " workers and " + bounds.requestedPs() + " PS is " + speed + ", not a positive number");
        }
        return speed;
    }

    private static int cappedSize(JobType type, int size) {
        return Math.max(1, Math.min(size, type.maxWorkers()));
    }

    private static double requestedGpus(JobType type, int workers, int ps) {
        return (double) workers * type.workerDemand().gpus() + (double) ps * type.psDemand().gpus();
    }

    /** The lazy job sequence; its draws happen in a fixed order per job so seeds reproduce. */
    private static final class JobStream implements Iterator<TraceJob> {
        private final WorkloadSpec spec;
        private final SplittableRandom random;
        private final double rate;
        private final double[] cumulativeWeights;
        private final int idDigits;
        private double clock;
        private int index;

        JobStream(WorkloadSpec spec) {
            this.spec = spec;
            this.random = new SplittableRandom(spec.seed());
            this.rate = arrivalRatePerSec(spec);
            this.cumulativeWeights = new double[spec.types().size()];
            double sum = 0;
            for (int t = 0; t < cumulativeWeights.length; t++) {
                sum += spec.typeWeights().get(t);
                cumulativeWeights[t] = sum;
            }
            this.idDigits = Math.max(6, Integer.toString(spec.jobs() - 1).length());
        }

        @Override
        public boolean hasNext() {
            return index < spec.jobs();
        }

        @Override
        public TraceJob next() {
            if (!hasNext()) {
                throw new NoSuchElementException("all " + spec.jobs() + " jobs generated");
            }
            // 1 - u lies in (0, 1], so the logarithm is finite.
            clock += -Math.log(1 - random.nextDouble()) / rate;
            JobType type = pickType();
            ElasticBounds bounds = ElasticBounds.forRequest(type, cappedSize(type, pickWorkers()));
            String user = "user-" + random.nextInt(spec.users());
            double duration = spec.durations().sample(random);
            double speed = speedAtRequest(type, bounds);
            EpochProfile epochs = spec.epochLengths().get(type.name());
            long steps = epochs != null ? epochs.requiredSteps(random.nextDouble())
                    : Math.max(1, Math.round(duration * speed));
            String number = Integer.toString(index++);
            String id = "job-" + "0".repeat(idDigits - number.length()) + number;
            return new TraceJob(id, clock, user, type, bounds.requestedWorkers(), bounds.requestedPs(),
                    bounds.minWorkers(), bounds.maxWorkers(), bounds.minPs(), bounds.maxPs(), steps);
        }

        private JobType pickType() {
            double u = random.nextDouble() * cumulativeWeights[cumulativeWeights.length - 1];
            for (int t = 0; t < cumulativeWeights.length - 1; t++) {
                if (u < cumulativeWeights[t]) {
                    return spec.types().get(t);
                }
            }
            return spec.types().get(cumulativeWeights.length - 1);
        }

        private int pickWorkers() {
            double u = random.nextDouble();
            double cumulative = 0;
            for (int s = 0; s < WORKER_SIZES.size() - 1; s++) {
                cumulative += WORKER_SIZE_PROBABILITIES.get(s);
                if (u < cumulative) {
                    return WORKER_SIZES.get(s);
                }
            }
            return WORKER_SIZES.get(WORKER_SIZES.size() - 1);
        }
    }
}
