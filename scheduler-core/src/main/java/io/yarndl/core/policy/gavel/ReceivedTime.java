package io.yarndl.core.policy.gavel;

import io.yarndl.core.policy.PolicyState;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How long each job has run on each GPU type, and how long it has been in the system, since the
 * policy first saw it: the denominators of Gavel's round priorities. Mutable, owned by one
 * {@link GavelPolicy}.
 *
 * <p>The policy saves it with its state ({@link #saved}, {@link #restore}), so a ResourceManager
 * that restarts goes on from what each job had received instead of ranking every job as new.
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

    /** The time received under each of {@code keys}, nothing for a key that has received none yet. */
    Map<String, PolicyState.Received> saved(Set<String> keys) {
        Map<String, PolicyState.Received> saved = new TreeMap<>();
        for (String key : keys) {
            saved.put(key, new PolicyState.Received(inSystem.getOrDefault(key, 0.0),
                    onType.getOrDefault(key, Map.of())));
        }
        return saved;
    }

    /**
     * Replaces what it holds with {@code saved}, less the entries whose seconds are negative or not
     * finite (they would make a priority meaningless).
     *
     * @return the keys of the entries dropped
     */
    Set<String> restore(Map<String, PolicyState.Received> saved) {
        inSystem.clear();
        onType.clear();
        Set<String> dropped = new TreeSet<>();
        saved.forEach((key, time) -> {
            if (!usable(time.inSystemSec()) || !time.onTypeSec().values().stream().allMatch(ReceivedTime::usable)) {
                dropped.add(key);
                return;
            }
            inSystem.put(key, time.inSystemSec());
            if (!time.onTypeSec().isEmpty()) {
                onType.put(key, new HashMap<>(time.onTypeSec()));
            }
        });
        return dropped;
    }

    private static boolean usable(double seconds) {
        return seconds >= 0 && Double.isFinite(seconds);
    }
}
