package io.yarndl.bench;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.smd.IterationModel;
import io.yarndl.core.policy.smd.ShippedCalibrations;
import io.yarndl.core.policy.smd.layers.LayerTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A seeded, cluster-scale policy input for benchmarks: {@code nodes} nodes of 8 GPUs and
 * {@code jobs} jobs, most of them with a history of progress samples that the Optimus models must
 * fit. Losses follow Optimus' curve l(k) = 1/(b0 k + b1) + b2 with 2% noise; speeds follow
 * Optimus' parameter-server formulas (asynchronous f = w/(t0 + t1 w/p + t2 w + t3 p), synchronous
 * f = 1/(t0 M/w + t1 + t2 w/p + t3 w + t4 p)) and, for all-reduce jobs, a ring all-reduce cost
 * f = 1/(t0 M/w + t1 + t2 (w-1)/w + t3 w), each measured at a few (w, p) configurations with 5%
 * noise. A quarter of the jobs are queued and new, with no samples at all; the rest run now,
 * packed onto the nodes in order.
 *
 * <p>{@link #parameterServerJobs} builds a second mix, the one SMD models: parameter-server jobs of
 * the models DL2 measured and SMD has layer tables for, each with a fixed number of steps and a few
 * speed samples at three sizes.
 */
public final class BenchmarkCluster {

    static final Resources NODE = Resources.of(8, 64, 512 * 1024L);
    private static final Resources WORKER = Resources.of(1, 4, 16 * 1024L);
    private static final Resources PS = Resources.of(0, 4, 16 * 1024L);
    private static final int SAMPLES_PER_JOB = 40;
    private static final int[][] PS_CONFIGS = {{1, 1}, {2, 1}, {4, 2}, {8, 4}, {6, 3}};
    private static final int[] ALLREDUCE_WORKERS = {1, 2, 4, 8};

    private final ClusterSnapshot snapshot;
    private final List<JobView> jobs;

    private BenchmarkCluster(ClusterSnapshot snapshot, List<JobView> jobs) {
        this.snapshot = snapshot;
        this.jobs = jobs;
    }

    public ClusterSnapshot snapshot() {
        return snapshot;
    }

    public List<JobView> jobs() {
        return jobs;
    }

    /** Builds the input; the same arguments give the same input. */
    public static BenchmarkCluster build(int nodeCount, int jobCount, long seed) {
        Random random = new Random(seed);
        List<Node> nodes = new ArrayList<>(nodeCount);
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new Node(String.format("node-%04d", i), "/rack-" + (i / 40), "V100", NODE, NODE));
        }
        Packer packer = new Packer(nodes);
        double now = 3600.0 * 24;
        List<JobView> views = new ArrayList<>(jobCount);
        for (int j = 0; j < jobCount; j++) {
            views.add(job(j, random, now, packer));
        }
        return new BenchmarkCluster(new ClusterSnapshot(now, nodes), views);
    }

    /**
     * A mix SMD can model, on the same nodes: {@code jobCount} synchronous parameter-server jobs
     * (1 to 16 workers, 1 to 8 servers), each named after one of the models SMD ships a layer table
     * and a calibration for ({@link LayerTables#SHIPPED_MODELS}, in turn), its name and model family
     * both the model's, with a fixed-step goal (10 thousand to a million steps still to go). Every
     * job has 9 progress samples, 3 at each of three sizes ending at its current one, loss
     * decreasing (Optimus' curve, 1% noise) and speeds from SMD's layer model with the model's
     * shipped calibration scaled by a per-job factor in [0.7, 1.4] and 5% noise, so both SMD's prior
     * and its own fit have something to fit. One job in four is queued (its samples from before it
     * was preempted); the rest run at their current size, packed onto the nodes in order. The same
     * arguments give the same input.
     */
    public static BenchmarkCluster parameterServerJobs(int nodeCount, int jobCount, long seed) {
        Random random = new Random(seed);
        List<Node> nodes = new ArrayList<>(nodeCount);
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new Node(String.format("node-%04d", i), "/rack-" + (i / 40), "V100", NODE, NODE));
        }
        Packer packer = new Packer(nodes);
        LayerTables tables = LayerTables.shipped();
        ShippedCalibrations calibrations = ShippedCalibrations.shipped();
        double now = 3600.0 * 24;
        List<JobView> views = new ArrayList<>(jobCount);
        for (int j = 0; j < jobCount; j++) {
            String model = LayerTables.SHIPPED_MODELS.get(j % LayerTables.SHIPPED_MODELS.size());
            IterationModel speeds = new IterationModel(new IterationModel.Shape(tables.require(model)),
                    calibrations.find(model).orElseThrow().scaled(0.7 + 0.7 * random.nextDouble()));
            views.add(parameterServerJob(j, model, speeds, random, now, packer));
        }
        return new BenchmarkCluster(new ClusterSnapshot(now, nodes), views);
    }

    private static JobView parameterServerJob(int index, String model, IterationModel speeds, Random random,
                                              double now, Packer packer) {
        String id = String.format("job-%05d", index);
        int workers = 1 + random.nextInt(8);
        int servers = Math.max(1, workers / 2);
        // Three distinct sizes, the last the job's current one.
        int[][] sizes = workers == 1 ? new int[][] {{2, 2}, {2, 1}, {1, 1}}
                : new int[][] {{workers / 2, 1}, {workers + 1, servers}, {workers, servers}};
        double b0 = 1e-4 + 9e-4 * random.nextDouble();
        double b1 = 0.5 + 1.5 * random.nextDouble();
        double b2 = 0.05 + 0.25 * random.nextDouble();
        double submitted = now - 3600 * (1 + random.nextInt(20));
        List<ProgressSample> samples = new ArrayList<>();
        long step = 0;
        double time = submitted;
        for (int[] size : sizes) {
            for (int s = 0; s < 3; s++) {
                double speed = speeds.stepsPerSecond(size[0], size[1]) * (1 + 0.05 * random.nextGaussian());
                time += 60;
                step += Math.max(1, Math.round(speed * 60));
                double loss = (1 / (b0 * step + b1) + b2) * (1 + 0.01 * random.nextGaussian());
                samples.add(new ProgressSample(time, step, loss, Math.max(1e-3, speed), size[0], size[1]));
            }
        }
        long remaining = Math.round(Math.pow(10, 4 + 2 * random.nextDouble()));
        JobSpec spec = new JobSpec(id, model, "user" + (index % 17), "root.dl", Framework.MXNET,
                Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS, WORKER, PS, 1, 16, 1, 8, workers, servers,
                32 * (1 + random.nextInt(8)), TrainingGoal.steps(step + remaining), model);
        Allocation allocation = index % 4 == 3 ? Allocation.NONE : packer.place(workers, servers, true);
        return new JobView(spec, submitted, allocation, samples);
    }

    private static JobView job(int index, Random random, double now, Packer packer) {
        String id = String.format("job-%05d", index);
        double kind = random.nextDouble();
        boolean ps = kind < 0.6;
        SyncMode sync = ps && kind < 0.3 ? SyncMode.ASYNCHRONOUS : SyncMode.SYNCHRONOUS;
        int batch = 32 * (1 + random.nextInt(8));
        double b0 = 1e-4 + 9e-4 * random.nextDouble();
        double b1 = 0.5 + 1.5 * random.nextDouble();
        double b2 = 0.05 + 0.25 * random.nextDouble();
        int requested = 1 + random.nextInt(8);
        JobSpec spec = new JobSpec(id, ps ? "resnet-ps" : "bert-ddp", "user" + (index % 17), "root.dl",
                ps ? Framework.MXNET : Framework.PYTORCH, ps ? Architecture.PARAMETER_SERVER : Architecture.ALLREDUCE,
                sync, WORKER, ps ? PS : Resources.ZERO, 1, 16, ps ? 1 : 0, ps ? 8 : 0, requested,
                ps ? Math.max(1, requested / 2) : 0, batch, TrainingGoal.targetLoss(b2 + 0.02));
        double submitted = now - 3600 * (1 + random.nextInt(20));
        if (index % 4 == 3) {
            return new JobView(spec, now - 60, Allocation.NONE, List.of());
        }
        double[] t = {0.02 + 0.05 * random.nextDouble(), 0.01 + 0.05 * random.nextDouble(),
            0.005 * random.nextDouble(), 0.002 * random.nextDouble(), 0.002 * random.nextDouble()};
        List<ProgressSample> samples = new ArrayList<>(SAMPLES_PER_JOB);
        long step = 0;
        double time = submitted;
        int workers = 1;
        int servers = ps ? 1 : 0;
        for (int s = 0; s < SAMPLES_PER_JOB; s++) {
            // Each run of 8 samples at one configuration, as a job resized every few rounds would report.
            if (ps) {
                int[] config = PS_CONFIGS[(s / 8) % PS_CONFIGS.length];
                workers = config[0];
                servers = config[1];
            } else {
                workers = ALLREDUCE_WORKERS[(s / 8) % ALLREDUCE_WORKERS.length];
            }
            double speed = speed(ps, sync, t, batch, workers, servers) * (1 + 0.05 * random.nextGaussian());
            time += 60;
            step += Math.max(1, Math.round(speed * 60));
            double loss = (1 / (b0 * step + b1) + b2) * (1 + 0.02 * random.nextGaussian());
            samples.add(new ProgressSample(time, step, loss, Math.max(0, speed), workers, servers));
        }
        Allocation allocation = packer.place(workers, servers, ps);
        return new JobView(spec, submitted, allocation, samples);
    }

    private static double speed(boolean ps, SyncMode sync, double[] t, int m, int w, int p) {
        if (!ps) {
            return 1 / (t[0] * m / w / 32 + t[1] + t[2] * (w - 1.0) / w + t[3] * w);
        }
        if (sync == SyncMode.ASYNCHRONOUS) {
            return w / (t[0] + t[1] * w / p + t[2] * w + t[3] * p);
        }
        return 1 / (t[0] * m / w / 32 + t[1] + t[2] * w / p + t[3] * w + t[4] * p);
    }

    /** Packs running jobs' tasks onto nodes in order, so the current allocations fit the cluster. */
    private static final class Packer {
        private final List<Node> nodes;
        private final Resources[] free;
        private int cursor;

        Packer(List<Node> nodes) {
            this.nodes = nodes;
            this.free = new Resources[nodes.size()];
            for (int i = 0; i < free.length; i++) {
                free[i] = nodes.get(i).available();
            }
        }

        Allocation place(int workers, int servers, boolean ps) {
            Map<String, TaskCount> byNode = new TreeMap<>();
            for (int task = 0; task < workers + servers; task++) {
                boolean isWorker = task < workers;
                Resources demand = isWorker ? WORKER : (ps ? PS : WORKER);
                while (cursor < free.length && !demand.fitsIn(free[cursor])) {
                    cursor++;
                }
                if (cursor == free.length) {
                    // Cluster full: the job stays queued, as it would in a live cluster.
                    return Allocation.NONE;
                }
                free[cursor] = free[cursor].minus(demand);
                byNode.merge(nodes.get(cursor).id(), new TaskCount(isWorker ? 1 : 0, isWorker ? 0 : 1),
                        TaskCount::plus);
            }
            return new Allocation(byNode);
        }
    }
}
