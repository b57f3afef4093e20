package io.yarndl.bench;

import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.dl2.ActionChooser;
import io.yarndl.core.policy.dl2.DecisionRecorder;
import io.yarndl.core.policy.dl2.Dl2Events;
import io.yarndl.core.policy.dl2.Dl2Layout;
import io.yarndl.core.policy.dl2.Dl2Model;
import io.yarndl.core.policy.dl2.Dl2Network;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.Dl2Round;
import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * The cost of DL2's policy network in a scheduling round, on ONNX Runtime's CPU build with one
 * thread (as {@code OnnxNetwork} runs it in the ResourceManager).
 *
 * <p>{@link #networkCall}: one {@link Dl2Network#logits} call, the state of a 40-job round from
 * {@link BenchmarkCluster}. {@link #plan}: a whole {@link Dl2Policy#plan} for {@code jobs} jobs on
 * {@code nodes} nodes of 8 GPUs: one network call per action until the model says stop or nothing
 * more fits, the state re-encoded before each, then packing placement. How many calls a plan makes
 * depends on the model's weights, so the plan's secondary results give the time per network call
 * within the plan ({@code plan:networkCalls}) and per job ({@code plan:jobs}: the inference cost
 * per job of a round) besides the time per plan, and the set-up prints the calls per plan.
 * {@code chooser=serving} is the serving policy, whose rounds are as long as the model makes them;
 * {@code chooser=fill} takes the model's best action other than stop until none is valid, the
 * longest round any model could make on that input (every slotted job at its maximum or the
 * cluster full), so its time bounds a round whatever the weights.
 *
 * <p>Run: {@code bin/yarn-dl bench Dl2InferenceBenchmark}; {@code -p model=/path/to/model.onnx}
 * times another model (its card beside it) instead of the one shipped in the jar.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class Dl2InferenceBenchmark {

    static final String SHIPPED = "shipped";

    /** The valid action other than stop with the highest logit; stop only when nothing else is valid. */
    static final ActionChooser FILL = (logits, valid) -> {
        int best = Dl2Layout.STOP;
        for (int i = 0; i < Dl2Layout.STOP; i++) {
            if (valid[i] && (best == Dl2Layout.STOP || logits[i] > logits[best])) {
                best = i;
            }
        }
        return best;
    };

    @Benchmark
    public float[] networkCall(OneState input) {
        return input.network.logits(input.state);
    }

    @Benchmark
    public Plan plan(Round round, PerPlan counters) {
        long before = round.calls;
        Plan plan = round.policy.plan(round.input.snapshot(), round.input.jobs());
        counters.networkCalls += round.calls - before;
        counters.jobs += round.jobs;
        return plan;
    }

    /** The network and one encoded state of a 40-job round. */
    @State(Scope.Benchmark)
    public static class OneState {

        @Param(SHIPPED)
        public String model;

        Dl2Network network;
        float[] state;

        @Setup(Level.Trial)
        public void load() throws ModelRejectedException {
            Dl2Model loaded = load(model);
            network = loaded.network();
            BenchmarkCluster input = BenchmarkCluster.build(100, 40, 42);
            state = new float[Dl2Layout.INPUT_SIZE];
            Dl2Round.start(input.snapshot(), input.jobs(), loaded.card().layout().jobTypes()).encode(state);
        }

        static Dl2Model load(String model) throws ModelRejectedException {
            return SHIPPED.equals(model) ? ModelLoader.loadShipped() : ModelLoader.load(Path.of(model));
        }
    }

    /** A serving policy whose network counts its calls, and its input. */
    @State(Scope.Benchmark)
    public static class Round {

        @Param(SHIPPED)
        public String model;

        @Param({"serving", "fill"})
        public String chooser;

        @Param({"10", "40", "100"})
        public int jobs;

        @Param("100")
        public int nodes;

        @Param("42")
        public long seed;

        BenchmarkCluster input;
        Dl2Policy policy;
        long calls;

        @Setup(Level.Trial)
        public void build() throws ModelRejectedException {
            input = BenchmarkCluster.build(nodes, jobs, seed);
            Dl2Model loaded = OneState.load(model);
            Dl2Network network = loaded.network();
            Dl2Network counting = state -> {
                calls++;
                return network.logits(state);
            };
            Dl2Model measured = new Dl2Model(counting, loaded.card(), loaded.source());
            policy = switch (chooser) {
                case "serving" -> Dl2Policy.serving(measured, Dl2Events.NONE);
                case "fill" -> Dl2Policy.training(measured, FILL, DecisionRecorder.NONE);
                default -> throw new IllegalArgumentException("chooser is serving or fill, not " + chooser);
            };
            long before = calls;
            policy.plan(input.snapshot(), input.jobs());
            System.out.printf("%n# dl2 %s, %s: %d jobs on %d nodes, %d network calls per plan%n", loaded.version(),
                    chooser, jobs, nodes, calls - before);
        }

        // A failed network would make the policy run optimus instead: that must fail the run, not time it.
        @TearDown(Level.Trial)
        public void stillServing() {
            if (!policy.isServing()) {
                throw new IllegalStateException("dl2 fell back during the benchmark: " + policy.fallbackReason());
            }
        }
    }

    /**
     * Counts per plan, which JMH reports as time per count: microseconds per network call within
     * a plan, and per job planned.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class PerPlan {
        public long networkCalls;
        public long jobs;

        @Setup(Level.Iteration)
        public void reset() {
            networkCalls = 0;
            jobs = 0;
        }
    }
}
