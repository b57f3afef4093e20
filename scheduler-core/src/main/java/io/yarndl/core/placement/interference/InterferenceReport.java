package io.yarndl.core.placement.interference;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.Locale;

/**
 * Prints the interference model's error on unseen pairs of Gavel's job types beside its baselines,
 * one block per seed given (42 when none), as docs/placement.md quotes it:
 *
 * <pre>
 * mvn -B -o -q -pl scheduler-core -am compile
 * MATH=$HOME/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar
 * java -cp scheduler-core/target/classes:$MATH io.yarndl.core.placement.interference.InterferenceReport 42
 * </pre>
 */
public final class InterferenceReport {

    private InterferenceReport() {
    }

    public static void main(String[] args) {
        String[] seeds = args.length == 0 ? new String[] {"42"} : args;
        for (String seed : seeds) {
            InterferenceEvaluation result = InterferenceEvaluation.of(ThroughputProfile.gavel(), Long.parseLong(seed));
            System.out.printf(Locale.ROOT, "seed %s: fitted on %d measured pairs, scored on %d"
                    + " (%d pairs of job types never seen together)%n",
                    seed, result.trainRows(), result.testRows(), result.testTypePairs());
            System.out.printf(Locale.ROOT, "  %-32s %8s %10s%n", "predictor", "MAE", "median AE");
            print("interference model", result.model());
            print("train mean", result.trainMean());
            print("job type's train mean", result.jobTypeMean());
            print("mirror (reads the test pair)", result.mirror());
        }
    }

    private static void print(String name, InterferenceEvaluation.AbsoluteError error) {
        System.out.printf(Locale.ROOT, "  %-32s %8.4f %10.4f%n", name, error.mean(), error.median());
    }
}
