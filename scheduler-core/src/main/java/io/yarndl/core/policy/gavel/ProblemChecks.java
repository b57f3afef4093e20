package io.yarndl.core.policy.gavel;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * {@link AllocationProblem}'s defensive copies and validation, with messages that name the job (or
 * GPU type) and the field, e.g. {@code job 'b': scaleFactors must be >= 1, was 0}.
 */
final class ProblemChecks {

    private ProblemChecks() {
    }

    static void validate(List<String> jobIds, List<String> gpuTypes, double[][] throughputs, int[] scaleFactors,
            int[] gpusPerType, double[] priorityWeights, double[] remainingSteps, double[] secondsSinceArrival) {
        requireDistinct(jobIds, "jobIds");
        requireDistinct(gpuTypes, "gpuTypes");
        for (int k = 0; k < gpuTypes.size(); k++) {
            if (gpusPerType[k] < 0) {
                throw new IllegalArgumentException("GPU type '" + gpuTypes.get(k)
                        + "': gpusPerType must be >= 0, was " + gpusPerType[k]);
            }
        }
        for (int j = 0; j < jobIds.size(); j++) {
            String job = "job '" + jobIds.get(j) + "': ";
            if (throughputs[j].length != gpuTypes.size()) {
                throw new IllegalArgumentException(job + "throughputs has " + throughputs[j].length
                        + " entries for " + gpuTypes.size() + " GPU types");
            }
            for (int k = 0; k < gpuTypes.size(); k++) {
                if (!(throughputs[j][k] >= 0) || Double.isInfinite(throughputs[j][k])) {
                    throw new IllegalArgumentException(job + "throughputs on '" + gpuTypes.get(k)
                            + "' must be finite and >= 0, was " + throughputs[j][k]);
                }
            }
            if (scaleFactors[j] < 1) {
                throw new IllegalArgumentException(job + "scaleFactors must be >= 1, was " + scaleFactors[j]);
            }
            requireFinite(priorityWeights[j] > 0, priorityWeights[j], job + "priorityWeights must be > 0");
            requireFinite(remainingSteps[j] > 0, remainingSteps[j], job + "remainingSteps must be > 0");
            requireFinite(secondsSinceArrival[j] >= 0, secondsSinceArrival[j],
                    job + "secondsSinceArrival must be >= 0");
        }
    }

    static void validatePairs(List<SharingPair> pairs, int jobs, int types, int[] scaleFactors) {
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (SharingPair pair : pairs) {
            if (pair.first() >= jobs || pair.second() >= jobs) {
                throw new IllegalArgumentException(pair + " names a job beyond the " + jobs + " jobs");
            }
            if (pair.firstThroughputs().length != types) {
                throw new IllegalArgumentException(pair + " has throughputs for " + pair.firstThroughputs().length
                        + " types, the problem has " + types);
            }
            if (scaleFactors[pair.first()] != scaleFactors[pair.second()]) {
                throw new IllegalArgumentException(pair + " joins jobs of scale factors " + scaleFactors[pair.first()]
                        + " and " + scaleFactors[pair.second()] + "; only equal ones share GPUs");
            }
            long key = (long) Math.min(pair.first(), pair.second()) * jobs + Math.max(pair.first(), pair.second());
            if (!seen.add(key)) {
                throw new IllegalArgumentException(pair + " is listed twice");
            }
        }
    }

    static int[] copy(int[] values, int expected, String field, String per) {
        requireLength(Objects.requireNonNull(values, field).length, expected, field, per);
        return values.clone();
    }

    static double[] copy(double[] values, int expected, String field, String per) {
        requireLength(Objects.requireNonNull(values, field).length, expected, field, per);
        return values.clone();
    }

    static double[][] copyRows(double[][] rows, int jobs) {
        requireLength(Objects.requireNonNull(rows, "throughputs").length, jobs, "throughputs", "jobs");
        return Arrays.stream(rows).map(row -> Objects.requireNonNull(row, "a throughputs row").clone())
                .toArray(double[][]::new);
    }

    private static void requireLength(int length, int expected, String field, String per) {
        if (length != expected) {
            throw new IllegalArgumentException(field + " has " + length + " entries for " + expected + " " + per);
        }
    }

    private static void requireDistinct(List<String> names, String field) {
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException(field + " has duplicates: " + names);
        }
    }

    private static void requireFinite(boolean valid, double value, String message) {
        if (!valid || Double.isInfinite(value)) {
            throw new IllegalArgumentException(message + " and finite, was " + value);
        }
    }
}
