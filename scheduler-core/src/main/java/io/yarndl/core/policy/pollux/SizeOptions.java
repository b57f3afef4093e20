package io.yarndl.core.policy.pollux;

import io.yarndl.core.goodput.BatchChoice;
import io.yarndl.core.goodput.GoodputModel;
import io.yarndl.core.goodput.MeasuredConfigurations;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;

/**
 * One job's options in a Pollux round: waiting (option 0) and each worker count it may take, with
 * the nodes that count spans, the batch its goodput model chooses there, and its speedup
 *
 * <pre>
 * SPEEDUP_j(a) = GOODPUT_j(a) / GOODPUT_j(fair share) * (REALLOC_FACTOR_j where a is not what it holds)
 * </pre>
 *
 * where the fair share is an equal split of the pool's workers among the round's jobs (at most the
 * job's own most), packed on the fewest nodes. Every count, the one the job holds now included, is
 * valued on the fewest nodes that hold it (packing's placement): valuing the held count on the nodes
 * it happens to span and every other count packed would make each other count look better than the
 * held one, round after round, and the job would flip between sizes.
 *
 * @param workers  per option, workers (0 for waiting)
 * @param ps       parameter servers of every running option (0 for all-reduce jobs)
 * @param nodes    per option, nodes it spans
 * @param batches  per option, the batch chosen there ({@link BatchChoice#NONE} for waiting)
 * @param speedups per option, its speedup, restart factor included
 * @param fair     the fair-share worker count the speedups are relative to
 * @param factor   the restart factor applied to options other than the current one (1 for a job that waits now)
 */
record SizeOptions(int[] workers, int ps, int[] nodes, BatchChoice[] batches, double[] speedups, int fair,
                   double factor) {

    int size() {
        return workers.length;
    }

    /** Each option's demand: GPUs, vcores, memory, and the nodes it spans where it spans several. */
    long[][] demands(JobSpec spec) {
        long[][] demands = new long[workers.length][];
        for (int o = 0; o < workers.length; o++) {
            var demand = spec.demandOf(new TaskCount(workers[o], workers[o] == 0 ? 0 : ps));
            demands[o] = new long[] {demand.gpus(), demand.vcores(), demand.memoryMb(), nodes[o] > 1 ? nodes[o] : 0};
        }
        return demands;
    }

    /**
     * The options of {@code job} in {@code pool} among {@code jobCount} jobs, from its goodput model.
     *
     * @param factor the restart factor for a running job's other options
     */
    static SizeOptions of(JobView job, GoodputModel model, GpuPool pool, int jobCount, double factor) {
        JobSpec spec = job.spec();
        int perNode = pool.workersPerNode(spec.workerDemand());
        int held = job.allocation().workers();
        int ps = spec.usesParameterServers()
                ? (held > 0 ? spec.withinBounds(job.allocation().tasks()).ps() : spec.requestedPs()) : 0;
        int slots = pool.workerSlots(spec.workerDemand());
        int most = Math.min(Math.min(spec.maxWorkers(), Math.max(slots, held)), spec.batchLimits().max());
        int[] counts = WorkerCounts.between(spec.minWorkers(), most, held);
        int fair = Math.max(1, Math.min(most, (slots + jobCount - 1) / Math.max(1, jobCount)));
        double fairGoodput = model.goodput(MeasuredConfigurations.fewestNodes(fair, perNode), fair);

        int[] workers = new int[counts.length + 1];
        int[] nodes = new int[counts.length + 1];
        BatchChoice[] batches = new BatchChoice[counts.length + 1];
        double[] speedups = new double[counts.length + 1];
        batches[0] = BatchChoice.NONE;
        int kept = 1;
        for (int w : counts) {
            int n = MeasuredConfigurations.fewestNodes(w, perNode);
            BatchChoice choice = model.best(n, w);
            if (!choice.trains()) {
                continue;
            }
            if (!(fairGoodput > 0)) {
                fairGoodput = choice.goodput();
            }
            workers[kept] = w;
            nodes[kept] = n;
            batches[kept] = choice;
            speedups[kept] = choice.goodput() / fairGoodput * (held > 0 && w != held ? factor : 1.0);
            kept++;
        }
        return new SizeOptions(java.util.Arrays.copyOf(workers, kept), ps, java.util.Arrays.copyOf(nodes, kept),
                java.util.Arrays.copyOf(batches, kept), java.util.Arrays.copyOf(speedups, kept), fair,
                held > 0 ? factor : 1.0);
    }
}
