package io.yarndl.it.install;

import com.google.ortools.linearsolver.MPModelProto;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import io.yarndl.core.policy.gavel.AllocationProblem;
import io.yarndl.core.policy.gavel.GavelObjectives;
import io.yarndl.core.policy.gavel.TimeFractions;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What {@link RmPluginJarContentsTest} runs in a JVM of its own, on a ResourceManager's classpath
 * with the -rm.jar: one Gavel solve through the public API, then one LP sent through OR-Tools' JNI
 * both ways as a serialized proto, then where the classes it depends on came from. Prints one
 * {@code key: value} line each.
 */
public final class GavelSolveProbe {

    private GavelSolveProbe() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        // One K80 and one V100: job 0 gains nothing from the V100, job 1 three times its K80 speed.
        AllocationProblem twoJobs = AllocationProblem.of(new double[][] {{1, 1}, {1, 3}}, new int[] {1, 1},
                new int[] {1, 1});
        TimeFractions x = GavelObjectives.objective("gavel-max-min-fairness-perf").solve(twoJobs);
        System.out.println("fractions: " + Arrays.stream(x.fractions())
                .map(row -> Arrays.stream(row).mapToObj(v -> String.format("%.6f", v)).collect(Collectors.joining(", ", "[", "]")))
                .collect(Collectors.joining(", ", "[", "]")));

        MPSolver built = MPSolver.createSolver("GLOP");
        MPSolver loaded = MPSolver.createSolver("GLOP");
        try {
            MPVariable y = built.makeNumVar(0, 2, "y");
            built.objective().setCoefficient(y, 1);
            built.objective().setMaximization();
            MPModelProto model = built.exportModelToProto();
            String error = loaded.loadModelFromProto(model);
            System.out.println("proto round trip: " + error.isEmpty() + " " + loaded.solve() + " "
                    + loaded.objective().value());
        } finally {
            built.delete();
            loaded.delete();
        }
        System.out.println("proto base class: " + MPModelProto.class.getSuperclass().getName());
        System.out.println("com.google.protobuf from: " + jarOf("com.google.protobuf.Message"));
        System.out.println("JNA from: " + jarOf("com.sun.jna.Platform"));
        System.out.println("OR-Tools from: " + jarOf("com.google.ortools.linearsolver.MPSolver"));
    }

    private static String jarOf(String className) throws ClassNotFoundException {
        String location = Class.forName(className).getProtectionDomain().getCodeSource().getLocation().getPath();
        return location.substring(location.lastIndexOf('/') + 1);
    }
}
