package io.yarndl.bench;

import io.yarndl.core.policy.gavel.AllocationObjective;
import io.yarndl.core.policy.gavel.AllocationProblem;
import io.yarndl.core.policy.gavel.GavelObjectives;
import io.yarndl.core.policy.gavel.SharingPair;
import io.yarndl.core.policy.gavel.TimeFractions;
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
 * One solve of a Gavel allocation objective with GLOP ({@code io.yarndl.core.policy.gavel}): the
 * heterogeneity-aware max-min fairness and min-total-duration (two LPs each, the second started
 * from the first's basis) and finish-time fairness (a bisection of about 24 feasibility LPs on one
 * model) for 100 and 1,000 jobs on three GPU types, the target being under 100 ms at 1,000
 * jobs. OR-Tools' natives are loaded in the warm-up, as in a running ResourceManager.
 *
 * <p>The input is seeded: per job a base speed in [0.5, 1.5) steps/s times the type's speed-up
 * (K80 1, P100 2.5, V100 4, about Gavel's measured ratios) times a per-type jitter in [0.7, 1.3),
 * a scale factor of 1, 2, 4 or 8, remaining steps in [1,000, 101,000); 36 GPUs of each type per 100
 * jobs, so the jobs ask for about 3.5 times the cluster (oversubscribed, as Gavel's policies are
 * meant for). For a {@code -packed} objective the problem also has pairs that may share GPUs, as
 * {@code SharingCandidates} would give at most: each job paired with up to 4 others of its scale
 * factor, each running at [0.5, 0.95) of its speed alone while they share.
 *
 * <p>Run: {@code bin/yarn-dl bench GavelLpBenchmark}, or for a short look
 * {@code java -jar benchmarks/target/benchmarks.jar GavelLpBenchmark -f 1 -wi 2 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class GavelLpBenchmark {

    @Param({"gavel-max-min-fairness-perf", "gavel-min-total-duration-perf", "gavel-finish-time-fairness-perf",
            "gavel-max-min-fairness-packed"})
    public String objective;

    @Param({"100", "1000"})
    public int jobs;

    @Param("42")
    public long seed;

    private AllocationObjective solver;
    private AllocationProblem problem;

    @Setup(Level.Trial)
    public void buildProblem() {
        solver = GavelObjectives.objective(objective);
        problem = problem(jobs, seed);
        if (GavelObjectives.objective(objective).sharesGpus()) {
            problem = withPairs(problem, seed);
        }
    }

    @Benchmark
    public TimeFractions solve() {
        return solver.solve(problem);
    }

    /** The seeded input described in the class comment. */
    static AllocationProblem problem(int jobs, long seed) {
        Random random = new Random(seed);
        double[] speedUp = {1, 2.5, 4};
        int[] scaleFactors = {1, 2, 4, 8};
        double[][] throughputs = new double[jobs][speedUp.length];
        int[] scale = new int[jobs];
        double[] remaining = new double[jobs];
        for (int j = 0; j < jobs; j++) {
            double base = 0.5 + random.nextDouble();
            for (int k = 0; k < speedUp.length; k++) {
                throughputs[j][k] = base * speedUp[k] * (0.7 + 0.6 * random.nextDouble());
            }
            scale[j] = scaleFactors[random.nextInt(scaleFactors.length)];
            remaining[j] = 1_000 + random.nextInt(100_000);
        }
        int gpus = Math.max(8, 36 * jobs / 100);
        return AllocationProblem.of(throughputs, scale, new int[] {gpus, gpus, gpus})
                .withProgress(remaining, new double[jobs]);
    }

    /** The problem with up to 4 pairs per job among jobs of its scale factor, as the class comment says. */
    static AllocationProblem withPairs(AllocationProblem problem, long seed) {
        Random random = new Random(seed + 1);
        int n = problem.jobCount();
        int[] partners = new int[n];
        List<SharingPair> pairs = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n && partners[a] < 4; b++) {
                if (partners[b] < 4 && problem.scaleFactor(a) == problem.scaleFactor(b)) {
                    pairs.add(new SharingPair(a, b, slowed(problem, a, random), slowed(problem, b, random)));
                    partners[a]++;
                    partners[b]++;
                }
            }
        }
        return problem.withPairs(pairs);
    }

    private static double[] slowed(AllocationProblem problem, int job, Random random) {
        double[] speeds = new double[problem.typeCount()];
        for (int k = 0; k < speeds.length; k++) {
            speeds[k] = problem.throughput(job, k) * (0.5 + 0.45 * random.nextDouble());
        }
        return speeds;
    }
}
