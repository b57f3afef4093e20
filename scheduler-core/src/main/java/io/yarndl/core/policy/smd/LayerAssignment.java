package io.yarndl.core.policy.smd;

import io.yarndl.core.policy.smd.layers.Layer;
import io.yarndl.core.policy.smd.layers.LayerTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Which parameter server keeps which layers. SMD's model (Yu et al., INFOCOM'21) assigns whole
 * layers to servers, so a server's traffic is the sum of its layers' sizes and the job waits for
 * its busiest server; a model with one huge layer (VGG-16's first fully connected layer is 74% of
 * its bytes) gains nothing from servers beyond the one holding that layer.
 *
 * <p>Layers are assigned largest first, each to the server holding the fewest bytes so far
 * (Graham's LPT rule): the busiest server then holds at most 4/3 of the best possible assignment's
 * busiest server, and never less than the largest layer. Ties go to the lowest server index, so the
 * same table and count give the same assignment. Immutable.
 *
 * @param serverBytes bytes each server keeps, by server index
 * @param layersOf    the indices (into the table's layers) each server keeps, in forward order
 */
public record LayerAssignment(long[] serverBytes, List<List<Integer>> layersOf) {

    public LayerAssignment {
        serverBytes = serverBytes.clone();
        List<List<Integer>> copy = new ArrayList<>(layersOf.size());
        for (List<Integer> layers : layersOf) {
            copy.add(List.copyOf(layers));
        }
        layersOf = Collections.unmodifiableList(copy);
    }

    /** The LPT assignment of {@code table}'s layers to {@code servers} servers (at least 1). */
    public static LayerAssignment balance(LayerTable table, int servers) {
        if (servers < 1) {
            throw new IllegalArgumentException("a parameter-server job needs at least one server, got " + servers);
        }
        List<Layer> layers = table.layers();
        Integer[] order = new Integer[layers.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong((Integer i) -> layers.get(i).bytes()).reversed()
                .thenComparingInt(i -> i));
        long[] bytes = new long[servers];
        List<List<Integer>> assigned = new ArrayList<>(servers);
        for (int s = 0; s < servers; s++) {
            assigned.add(new ArrayList<>());
        }
        for (int layer : order) {
            if (layers.get(layer).parameters() == 0) {
                continue;
            }
            int target = 0;
            for (int s = 1; s < servers; s++) {
                if (bytes[s] < bytes[target]) {
                    target = s;
                }
            }
            bytes[target] += layers.get(layer).bytes();
            assigned.get(target).add(layer);
        }
        for (List<Integer> list : assigned) {
            Collections.sort(list);
        }
        return new LayerAssignment(bytes, assigned);
    }

    /** Bytes of the busiest server: what it receives from each worker per iteration (and sends back). */
    public long busiestServerBytes() {
        long max = 0;
        for (long b : serverBytes) {
            max = Math.max(max, b);
        }
        return max;
    }

    /** Number of servers. */
    public int servers() {
        return serverBytes.length;
    }

    /** A short description for a plan's reason, e.g. {@code 2 servers: 58.1/44.1 MB}. */
    public String describe() {
        StringBuilder text = new StringBuilder().append(servers()).append(servers() == 1 ? " server: " : " servers: ");
        for (int s = 0; s < serverBytes.length; s++) {
            text.append(s == 0 ? "" : "/").append(String.format(java.util.Locale.ROOT, "%.1f", serverBytes[s] / 1e6));
        }
        return text.append(" MB").toString();
    }
}
