package io.yarndl.core.placement.interference;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Measured pairs split into a training and a test side by pair of job types: every measurement of
 * two types together (both orders, every GPU type) falls on one side, so the test side holds only
 * pairs the model never saw together, as a placement will meet them. Each job type alone is
 * usually seen in training beside others; that is the generalisation asked of the model.
 *
 * @param train what the model is fitted on
 * @param test  what it is scored on
 */
public record PairSplit(List<MeasuredPair> train, List<MeasuredPair> test) {

    public PairSplit {
        train = List.copyOf(train);
        test = List.copyOf(test);
    }

    /**
     * Puts {@code round(testShare * n)} of the n unordered type pairs, drawn with {@code seed}, on
     * the test side; the same pairs and seed give the same split.
     */
    public static PairSplit byTypePair(List<MeasuredPair> pairs, double testShare, long seed) {
        if (!(testShare > 0 && testShare < 1)) {
            throw new IllegalArgumentException("test share must be in (0, 1), got " + testShare);
        }
        Comparator<List<String>> byNames =
                Comparator.comparing((List<String> p) -> p.get(0)).thenComparing(p -> p.get(1));
        TreeSet<List<String>> typePairs = new TreeSet<>(byNames);
        pairs.forEach(pair -> typePairs.add(pair.typePair()));
        // Shuffle a sorted list, so the split depends on the seed and not on the input's order.
        List<List<String>> shuffled = new ArrayList<>(typePairs);
        Collections.shuffle(shuffled, new Random(seed));
        Set<List<String>> testPairs = new HashSet<>(shuffled.subList(0, (int) Math.round(testShare * shuffled.size())));
        List<MeasuredPair> train = new ArrayList<>();
        List<MeasuredPair> test = new ArrayList<>();
        pairs.forEach(pair -> (testPairs.contains(pair.typePair()) ? test : train).add(pair));
        return new PairSplit(train, test);
    }
}
