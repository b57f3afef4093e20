package io.yarndl.core.policy.sia;

import io.yarndl.core.goodput.BatchChoice;
import io.yarndl.core.goodput.MeasuredConfigurations;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.pollux.GpuPool;
import java.util.Arrays;
import java.util.List;

/**
 * One job's configurations in a Sia round: waiting (option 0) and, on every GPU type it may run on,
 * each of Sia's worker counts ({@link SiaConfigurations}) with the nodes it spans, the batch its
 * model on that type chooses and its normalised goodput
 *
 * <pre>
 * G_j(type, count) = GOODPUT_j(type, count) / min over the job's configurations of GOODPUT_j
 *                    * (REALLOC_FACTOR_j where the configuration is not what it holds)
 * </pre>
 *
 * so that its slowest configuration (one GPU of its slowest type, mostly) is 1, as Sia normalises.
 * Every count, the held one included, is valued on the fewest nodes of its type that hold it, as
 * {@link io.yarndl.core.policy.pollux.PolluxPolicy} values them, so that no configuration looks
 * better than the held one only because the held one is valued on the nodes it happens to span.
 *
 * @param pools    per option, the index of its GPU type's pool (-1 for waiting)
 * @param workers  per option, workers
 * @param ps       parameter servers of every running option
 * @param nodes    per option, nodes it spans
 * @param batches  per option, the batch chosen there
 * @param goodputs per option, its normalised goodput, restart factor included
 * @param factor   the restart factor of a running job's other configurations (1 for a waiting job)
 */
record TypedOptions(int[] pools, int[] workers, int ps, int[] nodes, BatchChoice[] batches, double[] goodputs,
                    double factor) {

    int size() {
        return workers.length;
    }

    /** Each option's demand: GPUs on each pool's type, then vcores and memory. */
    long[][] demands(JobSpec spec, int poolCount) {
        long[][] demands = new long[workers.length][poolCount + 2];
        for (int o = 1; o < workers.length; o++) {
            var demand = spec.demandOf(new TaskCount(workers[o], ps));
            demands[o][pools[o]] = demand.gpus();
            demands[o][poolCount] = demand.vcores();
            demands[o][poolCount + 1] = demand.memoryMb();
        }
        return demands;
    }

    static TypedOptions of(JobView job, List<GpuPool> pools, TypeModels models, String heldType, double factor) {
        JobSpec spec = job.spec();
        int held = job.allocation().workers();
        int ps = spec.usesParameterServers()
                ? (held > 0 ? spec.withinBounds(job.allocation().tasks()).ps() : spec.requestedPs()) : 0;
        int[][] counts = new int[pools.size()][];
        int capacity = 1;
        for (int k = 0; k < pools.size(); k++) {
            GpuPool pool = pools.get(k);
            boolean heldHere = held > 0 && pool.gpuType().equals(heldType);
            int most = Math.min(Math.min(spec.maxWorkers(), Math.max(pool.workerSlots(spec.workerDemand()),
                    heldHere ? held : 0)), spec.batchLimits().max());
            counts[k] = models.models()[k] == null ? new int[0] : SiaConfigurations.counts(spec.minWorkers(), most,
                    pool.workersPerNode(spec.workerDemand()), pool.nodes().size(), heldHere ? held : 0);
            capacity += counts[k].length;
        }
        int[] poolOf = new int[capacity];
        int[] workers = new int[capacity];
        int[] nodes = new int[capacity];
        BatchChoice[] batches = new BatchChoice[capacity];
        double[] goodputs = new double[capacity];
        poolOf[0] = -1;
        batches[0] = BatchChoice.NONE;
        int kept = 1;
        double slowest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < pools.size(); k++) {
            GpuPool pool = pools.get(k);
            int perNode = pool.workersPerNode(spec.workerDemand());
            for (int w : counts[k]) {
                int n = MeasuredConfigurations.fewestNodes(w, perNode);
                BatchChoice choice = models.models()[k].best(n, w);
                if (!choice.trains()) {
                    continue;
                }
                poolOf[kept] = k;
                workers[kept] = w;
                nodes[kept] = n;
                batches[kept] = choice;
                goodputs[kept] = choice.goodput();
                slowest = Math.min(slowest, choice.goodput());
                kept++;
            }
        }
        for (int o = 1; o < kept; o++) {
            boolean current = held > 0 && pools.get(poolOf[o]).gpuType().equals(heldType) && workers[o] == held;
            goodputs[o] = goodputs[o] / slowest * (held > 0 && !current ? factor : 1.0);
        }
        return new TypedOptions(Arrays.copyOf(poolOf, kept), Arrays.copyOf(workers, kept), ps,
                Arrays.copyOf(nodes, kept), Arrays.copyOf(batches, kept), Arrays.copyOf(goodputs, kept),
                held > 0 ? factor : 1.0);
    }
}
