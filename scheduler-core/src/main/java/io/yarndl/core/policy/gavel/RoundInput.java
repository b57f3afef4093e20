package io.yarndl.core.policy.gavel;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One round's {@link AllocationProblem}, read from a snapshot and the jobs: the GPU types of the
 * nodes that have GPUs, in node order, with the GPUs each offers; each job's estimated speed per
 * type ({@link TypeThroughputs}) at its requested size, which is its scale factor (Gavel's jobs
 * are rigid, so Gavel's policies run every job at the size it asked for).
 *
 * <p>Remaining work: a job that runs a fixed number of steps has its steps left; a job that runs
 * to a target loss has no known end, so it is taken to have as many steps left as it has done
 * (at least one): the longer a job has run, the longer it is expected to run, the assumption
 * Tiresias' least-attained-service scheduling makes for jobs of unknown length.
 */
record RoundInput(AllocationProblem problem, List<JobView> jobs, int[] gpusPerJob) {

    static RoundInput of(ClusterSnapshot snapshot, List<JobView> jobs, TypeThroughputs throughputs) {
        return of(snapshot, jobs, throughputs, 0);
    }

    /**
     * As {@link #of(ClusterSnapshot, List, TypeThroughputs)}, with the pairs of jobs that may share
     * GPUs ({@link SharingCandidates}), each job in at most {@code maxPartners} of them; 0 for none.
     */
    static RoundInput of(ClusterSnapshot snapshot, List<JobView> jobs, TypeThroughputs throughputs, int maxPartners) {
        List<String> types = gpuTypes(snapshot);
        Map<String, Integer> freeByType = new LinkedHashMap<>();
        for (Node node : snapshot.nodes()) {
            if (node.capacity().gpus() > 0) {
                freeByType.merge(node.acceleratorType(), node.available().gpus(), Integer::sum);
            }
        }
        int[] gpusPerType = new int[types.size()];
        for (int k = 0; k < types.size(); k++) {
            gpusPerType[k] = freeByType.get(types.get(k));
        }
        int n = jobs.size();
        List<String> ids = new ArrayList<>(n);
        double[][] speeds = new double[n][];
        int[] gpusPerJob = new int[n];
        double[] weights = new double[n];
        double[] remaining = new double[n];
        double[] sinceArrival = new double[n];
        for (int j = 0; j < n; j++) {
            JobView job = jobs.get(j);
            JobSpec spec = job.spec();
            ids.add(job.id());
            speeds[j] = throughputs.estimate(job, types, spec.requestedWorkers());
            gpusPerJob[j] = Math.max(1, spec.requestedDemand().gpus());
            weights[j] = 1.0;
            remaining[j] = remainingSteps(job);
            sinceArrival[j] = Math.max(0, snapshot.timeSec() - job.submitTimeSec());
        }
        List<SharingPair> pairs = maxPartners > 0
                ? SharingCandidates.of(jobs, types, speeds, gpusPerJob, throughputs, maxPartners) : List.of();
        AllocationProblem problem = new AllocationProblem(ids, types, speeds, gpusPerJob, gpusPerType, weights,
                remaining, sinceArrival, pairs);
        return new RoundInput(problem, List.copyOf(jobs), gpusPerJob);
    }

    /** The distinct GPU types of the nodes that have GPUs, in node order. */
    static List<String> gpuTypes(ClusterSnapshot snapshot) {
        List<String> types = new ArrayList<>();
        for (Node node : snapshot.nodes()) {
            if (node.capacity().gpus() > 0 && !types.contains(node.acceleratorType())) {
                types.add(node.acceleratorType());
            }
        }
        return types;
    }

    private static double remainingSteps(JobView job) {
        long done = job.currentStep();
        if (job.spec().goal() instanceof TrainingGoal.FixedSteps fixed) {
            return Math.max(1, fixed.totalSteps() - done);
        }
        return Math.max(1, done);
    }
}
