package io.yarndl.bench;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.dl2.Dl2Events;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.OnceLoadedModel;
import io.yarndl.core.policy.gavel.GavelPolicy;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdSettings;
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
 * One scheduling round's latency: {@code plan()} of a registered policy (Optimus by default) for
 * 1,000 jobs on 1,000 nodes of 8 GPUs, the target being under 20 ms. Inputs come from
 * {@link BenchmarkCluster}, seeded.
 *
 * <p>Two cases, because a policy may memoise work keyed by its input (fitted models):
 * {@link #steadyRound()} reuses one policy instance, as the scheduler does round after round;
 * {@link #coldRound()} gives every call a fresh instance, so every job's loss and speed models are
 * fitted from scratch, the worst round (the first after a restart).
 *
 * <p>Two job mixes ({@code jobMix}): {@code mixed}, {@link BenchmarkCluster#build}'s; and
 * {@code parameter-server}, {@link BenchmarkCluster#parameterServerJobs}'s jobs of the models SMD
 * has layer tables for, with fixed-step goals and speed samples, so that {@code smd} models every
 * job and solves its knapsacks rather than holding jobs it cannot model at their minimum.
 *
 * <p>Run: {@code bin/yarn-dl bench}, or {@code bin/yarn-dl bench -p policy=drf} for another policy;
 * SMD's round: {@code bin/yarn-dl bench PolicyPlanBenchmark -p jobMix=parameter-server
 * -p policy=smd,optimus -p jobs=100,1000}; the goodput policies' (goal: under 1 s at 1,000 jobs,
 * Pollux's rounds being 60 s): {@code bin/yarn-dl bench PolicyPlanBenchmark -p policy=pollux,sia
 * -p jobs=100,1000} (docs/pollux.md, docs/sia.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class PolicyPlanBenchmark {

    @Param("optimus")
    public String policy;

    @Param("1000")
    public int jobs;

    @Param("1000")
    public int nodes;

    @Param("42")
    public long seed;

    /** {@code mixed} or {@code parameter-server}, see the class comment. */
    @Param("mixed")
    public String jobMix;

    /** The resize-cost rule's k ({@code --resize-payback}); 0 plans as before the rule. */
    @Param("30")
    public double resizePayback;

    private BenchmarkCluster input;
    private SchedulingPolicy steady;
    private SchedulingPolicy fresh;

    @Setup(Level.Trial)
    public void buildInput() {
        input = switch (jobMix) {
            case "mixed" -> BenchmarkCluster.build(nodes, jobs, seed);
            case "parameter-server" -> BenchmarkCluster.parameterServerJobs(nodes, jobs, seed);
            default -> throw new IllegalArgumentException("jobMix must be mixed or parameter-server, got " + jobMix);
        };
        steady = registry().create(policy);
    }

    // Invocation-level setup is fine here: a round takes milliseconds, far above JMH's timer cost.
    @Setup(Level.Invocation)
    public void freshPolicy() {
        fresh = registry().create(policy);
    }

    private PolicyRegistry registry() {
        OnceLoadedModel shipped = OnceLoadedModel.shipped();
        return PolicyRegistry.standard(strategy -> Dl2Policy.load(shipped, Dl2Events.NONE, strategy),
                GavelPolicy.DEFAULT_ROUND_SEC, PlacementStrategies.named(PlacementStrategies.DEFAULT), SmdSettings.DEFAULT,
                PolluxSettings.DEFAULT, SiaSettings.DEFAULT,
                new ResizeSettings(ResizeSettings.DEFAULT.priorRestartSec(), resizePayback));
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
