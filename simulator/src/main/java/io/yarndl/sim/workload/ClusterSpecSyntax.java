package io.yarndl.sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text form of a mixed cluster, {@code TYPE:NODESxGPUS[,TYPE:NODESxGPUS...]}, e.g.
 * {@code v100:9x4,p100:9x4,k80:9x4} (Gavel's 36+36+36-GPU cluster in servers of 4) or
 * {@code t4:6x4,a100:2x8,rtx:3x8}. Each part is one {@link NodeGroup}: its type (stored
 * upper-case; Sia's cluster names are aliases, {@code aws:6x4} is {@code T4:6x4}, see
 * {@link GpuTypeNames}), its node count and GPUs per node; vcores and memory follow from the GPUs
 * ({@link NodeGroup#ofGpus}).
 */
public final class ClusterSpecSyntax {

    /** The form a part must have, for error messages. */
    public static final String FORM = "TYPE:NODESxGPUS[,TYPE:NODESxGPUS...], e.g. v100:9x4,k80:9x4";

    private static final Pattern GROUP = Pattern.compile("([A-Za-z0-9_.-]+):(\\d{1,6})[xX](\\d{1,4})");

    private ClusterSpecSyntax() {
    }

    /**
     * The groups {@code text} names, in its order.
     *
     * @throws IllegalArgumentException naming the first bad part and the expected form
     */
    public static List<NodeGroup> parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("is empty; expected " + FORM);
        }
        List<NodeGroup> groups = new ArrayList<>();
        String[] parts = text.split(",", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].trim();
            Matcher m = GROUP.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("part " + (i + 1) + " '" + part + "' is not TYPE:NODESxGPUS;"
                        + " expected " + FORM);
            }
            int nodes = Integer.parseInt(m.group(2));
            int gpus = Integer.parseInt(m.group(3));
            if (nodes < 1 || gpus < 1) {
                throw new IllegalArgumentException("part " + (i + 1) + " '" + part
                        + "' needs at least 1 node and 1 GPU per node; expected " + FORM);
            }
            groups.add(NodeGroup.ofGpus(GpuTypeNames.canonical(m.group(1)), nodes, gpus));
        }
        return groups;
    }
}
