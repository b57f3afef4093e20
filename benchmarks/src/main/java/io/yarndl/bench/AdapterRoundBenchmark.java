package io.yarndl.bench;

import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.round.SchedulingRound;
import java.time.Duration;
import java.util.Optional;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One full scheduling round of the YARN adapter, {@link SchedulingRound#run}: the cluster snapshot
 * built from 500 real {@code FiCaSchedulerNode}s, 200 jobs turned into the views a policy sees,
 * the policy run on {@link PolicyRunner}'s own thread under its timeout, the plan checked and put
 * in force in a {@link PlanBook}. Inputs come from {@link YarnBenchmarkCluster}, seeded.
 *
 * <p>Two cases, as in {@link PolicyPlanBenchmark}: {@link #steadyRound()} reuses one round (one
 * runner, one policy instance, one book), as the ResourceManager does round after round, so the
 * policy's memoised models stay fitted; {@link #coldRound(FreshRound)} gives every call a fresh
 * runner and book, so every model is fitted from scratch, as in the first round after a restart or
 * after a policy overran its timeout. A round never throws, so a round that put no plan in force
 * fails the benchmark in its tear-down rather than being timed as a fast one.
 *
 * <p>Run: {@code bin/yarn-dl bench AdapterRoundBenchmark}, or
 * {@code bin/yarn-dl bench AdapterRoundBenchmark -p policy=drf} for one policy.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// Warm-up iterations longer than measured ones: with 2 s ones, cold Optimus rounds (tens of
// milliseconds each) were still getting faster in the third. bin/yarn-dl bench sets the iteration
// counts, not their lengths.
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class AdapterRoundBenchmark {

    /** Far above any round here: a timed-out round would be a failure, not a measurement. */
    static final Duration POLICY_TIMEOUT = Duration.ofSeconds(60);

    @Param({"optimus", "drf", "fifo"})
    public String policy;

    @Param("200")
    public int jobs;

    @Param("500")
    public int nodes;

    @Param("25")
    public int racks;

    @Param("42")
    public long seed;

    private YarnBenchmarkCluster input;
    private PolicyRunner steadyRunner;
    private PlanBook steadyBook;
    private SchedulingRound steady;

    @Setup(Level.Trial)
    public void buildInput() {
        input = YarnBenchmarkCluster.build(nodes, racks, jobs, seed);
        steadyRunner = new PolicyRunner(PolicyRegistry.standard(), policy, POLICY_TIMEOUT);
        steadyBook = new PlanBook();
        steady = new SchedulingRound(steadyRunner, steadyBook);
    }

    @TearDown(Level.Trial)
    public void checkSteadyRounds() {
        steadyRunner.close();
        if (steadyBook.failedRounds() > 0 || steadyBook.timedOutRounds() > 0) {
            throw new IllegalStateException("steady rounds failed: " + steadyBook.failedRounds() + " failed, "
                    + steadyBook.timedOutRounds() + " timed out (see the log above)");
        }
    }

    @Benchmark
    public Optional<Plan> steadyRound() {
        return steady.run(input.nowSec(), input.readings(), input.jobs());
    }

    @Benchmark
    public Optional<Plan> coldRound(FreshRound fresh) {
        return fresh.round.run(input.nowSec(), input.readings(), input.jobs());
    }

    /** A new runner (so a new policy instance) and book for every call of {@link #coldRound}. */
    @State(Scope.Thread)
    public static class FreshRound {

        private PolicyRunner runner;
        private PlanBook book;
        private SchedulingRound round;

        // Invocation-level fixtures are fine here: a round takes milliseconds, far above JMH's timer cost.
        @Setup(Level.Invocation)
        public void open(AdapterRoundBenchmark benchmark) {
            runner = new PolicyRunner(PolicyRegistry.standard(), benchmark.policy, POLICY_TIMEOUT);
            book = new PlanBook();
            round = new SchedulingRound(runner, book);
        }

        @TearDown(Level.Invocation)
        public void close() {
            runner.close();
            if (book.rounds() != 1) {
                throw new IllegalStateException("a cold round put no plan in force: " + book.failedRounds()
                        + " failed, " + book.timedOutRounds() + " timed out (see the log above)");
            }
        }
    }
}
