package io.yarndl.scale.rm;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.net.DNSToSwitchMapping;

/**
 * The harness's rack map: node {@code i} is host {@link #host(int)}, an address in 10.0.0.0/16 so
 * that no name is ever looked up in DNS (1,000 unknown names would each wait for a resolver), and
 * sits in rack {@code /rack-<i / NODES_PER_RACK>}. Named in {@code net.topology.node.switch.mapping.impl}.
 */
public final class IpRacks implements DNSToSwitchMapping {

    /** Nodes per rack, as in a row of 40 GPU servers under one top-of-rack switch. */
    public static final int NODES_PER_RACK = 40;

    /** The host name (an IPv4 literal) of node {@code index}, from 0. */
    public static String host(int index) {
        if (index < 0 || index >= 250 * 250) {
            throw new IllegalArgumentException("node index out of range: " + index);
        }
        return "10.0." + (index / 250) + "." + (index % 250 + 1);
    }

    /** The index of {@code host}, as {@link #host(int)} made it; -1 for a name it did not make. */
    static int index(String host) {
        String[] parts = host.split("\\.");
        if (parts.length != 4 || !parts[0].equals("10") || !parts[1].equals("0")) {
            return -1;
        }
        try {
            return Integer.parseInt(parts[2]) * 250 + Integer.parseInt(parts[3]) - 1;
        } catch (NumberFormatException notOurs) {
            return -1;
        }
    }

    @Override
    public List<String> resolve(List<String> names) {
        List<String> racks = new ArrayList<>(names.size());
        for (String name : names) {
            int index = index(name);
            racks.add(index < 0 ? "/default-rack" : "/rack-" + index / NODES_PER_RACK);
        }
        return racks;
    }

    @Override
    public void reloadCachedMappings() {
    }

    @Override
    public void reloadCachedMappings(List<String> names) {
    }
}
