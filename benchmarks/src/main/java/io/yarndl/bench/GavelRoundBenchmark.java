package io.yarndl.bench;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One whole round of a Gavel policy, the first of a fresh instance: reading the problem (for a
 * {@code -packed} policy, the search for pairs that may share GPUs), the LP, and the round-based
 * mechanism placing the jobs. Jobs are one-GPU jobs of Gavel's model families (seeded, uniform over
 * the 26 the shipped profile knows), none running yet, on 3 types of 4-GPU nodes with 36 GPUs of
 * each type per 100 jobs, as {@link GavelLpBenchmark}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar GavelRoundBenchmark -f 1 -wi 2 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class GavelRoundBenchmark {

    /** Gavel's model families at one GPU, as the shipped profile names them. */
    private static final List<String> FAMILIES = List.of("A3C", "CycleGAN", "LM (batch size 5)", "LM (batch size 10)",
            "LM (batch size 20)", "LM (batch size 40)", "LM (batch size 80)", "Recommendation (batch size 512)",
            "Recommendation (batch size 1024)", "Recommendation (batch size 2048)", "Recommendation (batch size 4096)",
            "Recommendation (batch size 8192)", "ResNet-18 (batch size 16)", "ResNet-18 (batch size 32)",
            "ResNet-18 (batch size 64)", "ResNet-18 (batch size 128)", "ResNet-18 (batch size 256)",
            "ResNet-50 (batch size 16)", "ResNet-50 (batch size 32)", "ResNet-50 (batch size 64)",
            "ResNet-50 (batch size 128)", "Transformer (batch size 16)", "Transformer (batch size 32)",
            "Transformer (batch size 64)", "Transformer (batch size 128)", "Transformer (batch size 256)");
    private static final Resources WORKER = Resources.of(1, 4, 16_384);

    @Param({"gavel-max-min-fairness-perf", "gavel-max-min-fairness-packed"})
    public String policy;

    @Param({"100", "1000"})
    public int jobs;

    @Param("42")
    public long seed;

    private ClusterSnapshot snapshot;
    private List<JobView> views;
    private SchedulingPolicy fresh;

    @Setup(Level.Trial)
    public void buildInput() {
        Random random = new Random(seed);
        List<Node> nodes = new ArrayList<>();
        int nodesPerType = Math.max(2, 9 * jobs / 100);
        for (String type : List.of("V100", "P100", "K80")) {
            for (int i = 0; i < nodesPerType; i++) {
                Resources capacity = Resources.of(4, 64, 256 * 1024L);
                nodes.add(new Node(type + "-" + i, "/rack-" + type, type, capacity, capacity));
            }
        }
        snapshot = new ClusterSnapshot(0, nodes);
        views = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            JobSpec spec = new JobSpec("job-" + j, "job-" + j, "user", "root.dl", Framework.PYTORCH,
                    Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, WORKER, Resources.ZERO, 1, 1, 0, 0, 1, 0, 32,
                    TrainingGoal.steps(1_000 + random.nextInt(100_000)), FAMILIES.get(random.nextInt(FAMILIES.size())));
            views.add(new JobView(spec, j, Allocation.NONE, List.of()));
        }
    }

    // Invocation-level setup is fine here: a round takes milliseconds, far above JMH's timer cost.
    @Setup(Level.Invocation)
    public void freshPolicy() {
        fresh = PolicyRegistry.standard().create(policy);
    }

    @Benchmark
    public Plan firstRound() {
        return fresh.plan(snapshot, views);
    }
}
