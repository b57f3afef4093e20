package io.yarndl.core.placement.marl;

import io.yarndl.core.placement.NodeLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The agents' parts of the cluster: racks sorted by name, every {@code racksPerAgent} consecutive
 * racks one agent's domain, so each agent sees a few racks in full and the rest only through its
 * bids. Built once per ledger (per round); immutable.
 *
 * @param rackOfNode  each node's rack, by ledger index
 * @param agentOfRack each rack's agent
 * @param racks       each rack's nodes, by ledger index
 * @param agents      each agent's racks
 */
record AgentDomains(int[] rackOfNode, int[] agentOfRack, int[][] racks, int[][] agents) {

    /** The domains of {@code ledger}'s nodes. */
    static AgentDomains of(NodeLedger ledger, int racksPerAgent) {
        Map<String, List<Integer>> byRack = new TreeMap<>();
        for (int i = 0; i < ledger.size(); i++) {
            String rack = ledger.node(i).rack();
            byRack.computeIfAbsent(rack == null ? "" : rack, r -> new ArrayList<>()).add(i);
        }
        int[] rackOfNode = new int[ledger.size()];
        int[][] racks = new int[byRack.size()][];
        int r = 0;
        for (List<Integer> nodes : byRack.values()) {
            racks[r] = nodes.stream().mapToInt(Integer::intValue).toArray();
            for (int node : racks[r]) {
                rackOfNode[node] = r;
            }
            r++;
        }
        int agentCount = (racks.length + racksPerAgent - 1) / racksPerAgent;
        int[] agentOfRack = new int[racks.length];
        int[][] agents = new int[agentCount][];
        for (int a = 0; a < agentCount; a++) {
            int from = a * racksPerAgent;
            int to = Math.min(racks.length, from + racksPerAgent);
            agents[a] = new int[to - from];
            for (int k = from; k < to; k++) {
                agents[a][k - from] = k;
                agentOfRack[k] = a;
            }
        }
        return new AgentDomains(rackOfNode, agentOfRack, racks, agents);
    }

    int agentCount() {
        return agents.length;
    }
}
