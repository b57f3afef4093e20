package io.yarndl.core.testing;

import io.yarndl.core.goodput.LocalBatch;
import io.yarndl.core.goodput.MeasuredConfigurations;
import io.yarndl.core.goodput.ThroughputParams;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A builder of jobs for the goodput policies' tests: an all-reduce job of 1-GPU workers whose
 * samples a true {@link ThroughputParams} generates exactly, at the worker counts and GPU types
 * asked for, at its reference batch and at twice it where its limits allow (so that both compute
 * terms can be fitted), each reporting the noise scale asked for.
 *
 * <pre>{@code
 * JobView job = GoodputJobs.job("a").workerRange(1, 8).batches(64, 256, 4096, 0).noise(1_000)
 *         .truth(params).measuredOn("T4", 4, 1, 2).build();
 * }</pre>
 */
public final class GoodputJobs {

    private final Jobs base;
    private final String id;
    private int reference = 256;
    private BatchLimits limits = BatchLimits.fixed(256);
    private double noise = Double.NaN;
    private ThroughputParams truth = new ThroughputParams(0.05, 0.001, 0.2, 0.01, 0.02, 0.002, 1.5);
    private final List<ProgressSample> samples = new ArrayList<>();
    private final Map<String, io.yarndl.core.job.TaskCount> running = new TreeMap<>();
    private double submitTimeSec;
    private Restarts restarts = Restarts.NONE;

    private GoodputJobs(String id) {
        this.id = id;
        this.base = Jobs.job(id).user("u-" + id);
    }

    public static GoodputJobs job(String id) {
        return new GoodputJobs(id);
    }

    public GoodputJobs workerRange(int min, int max) {
        base.workerRange(min, max);
        return this;
    }

    public GoodputJobs family(String family) {
        base.family(family);
        return this;
    }

    /** Reference batch {@code reference} inside limits [{@code min}, {@code max}], {@code maxLocal} a replica. */
    public GoodputJobs batches(int min, int reference, int max, int maxLocal) {
        this.reference = reference;
        this.limits = new BatchLimits(min, max, maxLocal);
        return this;
    }

    public GoodputJobs noise(double noiseScale) {
        this.noise = noiseScale;
        return this;
    }

    public GoodputJobs truth(ThroughputParams params) {
        this.truth = params;
        return this;
    }

    public GoodputJobs submittedAt(double timeSec) {
        this.submitTimeSec = timeSec;
        return this;
    }

    public GoodputJobs restarts(Restarts measured) {
        this.restarts = measured;
        return this;
    }

    /** Samples on {@code type} at each of {@code counts} workers, on the fewest nodes of {@code perNode}. */
    public GoodputJobs measuredOn(String type, int perNode, int... counts) {
        return measuredOn(type, perNode, 1.0, counts);
    }

    /** As {@link #measuredOn(String, int, int...)}, every speed {@code speedFactor} times the truth's. */
    public GoodputJobs measuredOn(String type, int perNode, double speedFactor, int... counts) {
        for (int w : counts) {
            for (int batch : new int[] {reference, 2 * reference}) {
                if (!limits.allows(batch) || batch < w) {
                    continue;
                }
                int nodes = MeasuredConfigurations.fewestNodes(w, perNode);
                double seconds = truth.iterationSeconds(nodes, w, LocalBatch.split(batch, w, limits.maxLocal()));
                for (int r = 0; r < 3; r++) {
                    double t = samples.size() * 60.0;
                    samples.add(new ProgressSample(t, samples.size() * 10L, 1.0, speedFactor / seconds, w, 0, type)
                            .atBatch(batch, noise));
                }
            }
        }
        return this;
    }

    /** Marks it running with {@code workers} workers on {@code node}; may repeat. */
    public GoodputJobs runningOn(String node, int workers) {
        running.merge(node, new io.yarndl.core.job.TaskCount(workers, 0), io.yarndl.core.job.TaskCount::plus);
        return this;
    }

    public JobView build() {
        JobSpec plain = base.spec();
        JobSpec spec = new JobSpec(plain.id(), plain.name(), plain.user(), plain.queue(), plain.framework(),
                plain.architecture(), plain.syncMode(), plain.workerDemand(), plain.psDemand(), plain.minWorkers(),
                plain.maxWorkers(), plain.minPs(), plain.maxPs(), plain.requestedWorkers(), plain.requestedPs(),
                reference, plain.goal(), plain.modelFamily(), limits);
        return new JobView(spec, submitTimeSec, new Allocation(running), samples, restarts);
    }

    /** The job's id, for assertions. */
    public String id() {
        return id;
    }
}
