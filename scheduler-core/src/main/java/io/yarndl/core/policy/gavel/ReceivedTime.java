package io.yarndl.core.policy.gavel;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * How long each job has run on each GPU type, and how long it has been in the system, since the
 * policy first saw it: the denominators of Gavel's round priorities. Mutable, owned by one
 * {@link GavelPolicy}.
 *
 * <p>It lives in the policy's memory only: after a ResourceManager restart every job starts again
 * from nothing received, and the priorities steer the shares back to the LP's allocation within a
 * few rounds.
 */
final class ReceivedTime {

    private final Map<String, Map<String, Double>> onType = new HashMap<>();
    private final Map<String, Double> inSystem = new HashMap<>();

    /**
     * Charges {@code seconds}: every job in {@code present} was in the system for it, and each job
     * of {@code ranOn} ran on its type for it.
     */
    void charge(double seconds, Set<String> present, Map<String, String> ranOn) {
        if (!(seconds > 0)) {
            return;
        }
        for (String job : present) {
            inSystem.merge(job, seconds, Double::sum);
        }
        ranOn.forEach((job, type) -> {
            if (present.contains(job)) {
                onType.computeIfAbsent(job, j -> new HashMap<>()).merge(type, seconds, Double::sum);
            }
        });
    }

    /** The share of its time in the system {@code job} has spent on {@code type}; 0 before any time passed. */
    double fraction(String job, String type) {
        double total = inSystem.getOrDefault(job, 0.0);
        if (total <= 0) {
            return 0;
        }
        return onType.getOrDefault(job, Map.of()).getOrDefault(type, 0.0) / total;
    }

    /** Forgets jobs that have left. */
    void retainOnly(Set<String> present) {
        inSystem.keySet().retainAll(present);
        onType.keySet().retainAll(present);
    }
}
