package io.yarndl.bench;

import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
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
 * One SMD scheduling round's latency: {@code plan()} of {@code smd} (SmdPolicy with SmdSettings'
 * defaults, from {@link PolicyRegistry#standard()}) for 100 and 1,000 parameter-server jobs on
 * 1,000 nodes of 8 GPUs, the target being under 200 ms at 1,000 jobs. The jobs come from
 * {@link BenchmarkCluster#parameterServerJobs}: models SMD has layer tables for, fixed-step goals
 * and speed samples, so that SMD models every job and weighs its sizes (the knapsacks of its
 * sum-of-ratios decomposition, solved by CP-SAT), rather than holding jobs at their minimum as it
 * does with jobs it cannot model ({@link PolicyPlanBenchmark}'s mix is mostly such jobs).
 *
 * <p>As in {@link PolicyPlanBenchmark}, two cases: {@link #steadyRound()} reuses one policy, so its
 * per-job models (fitted calibrations, kept between rounds) are reused as the scheduler's are round
 * after round, and each call still enumerates every job's options and solves every knapsack;
 * {@link #coldRound()} gives every call a fresh policy, so every job's calibration is fitted too.
 *
 * <p>Run: {@code bin/yarn-dl bench SmdPlanBenchmark}; {@code -p policy=smd,optimus} adds Optimus'
 * plan of the same jobs for comparison.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class SmdPlanBenchmark {

    @Param("smd")
    public String policy;

    @Param({"100", "1000"})
    public int jobs;

    @Param("1000")
    public int nodes;

    @Param("42")
    public long seed;

    private BenchmarkCluster input;
    private SchedulingPolicy steady;
    private SchedulingPolicy fresh;

    @Setup(Level.Trial)
    public void buildInput() {
        input = BenchmarkCluster.parameterServerJobs(nodes, jobs, seed);
        steady = PolicyRegistry.standard().create(policy);
    }

    // Invocation-level setup is fine here: a round takes milliseconds, far above JMH's timer cost.
    @Setup(Level.Invocation)
    public void freshPolicy() {
        fresh = PolicyRegistry.standard().create(policy);
    }

    @Benchmark
    public Plan steadyRound() {
        return steady.plan(input.snapshot(), input.jobs());
    }

    @Benchmark
    public Plan coldRound() {
        return fresh.plan(input.snapshot(), input.jobs());
    }
}
