package io.yarndl.core.placement.marl;

import io.yarndl.core.placement.NodeLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The agents' parts of the cluster: racks sorted by name, every {@code racksPerAgent} consecutive
 * racks of one pod ({@link io.yarndl.core.cluster.Node#pod()}) one agent's domain, so each agent
 * sees a few racks in full and the rest only through its bids, and no agent's domain crosses a
 * pod's spine. Built once per ledger (per round); immutable.
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
        // Racks sorted by name keep a pod's racks together ("/pod-1/rack-1", "/pod-1/rack-2", ...).
        int[] agentOfRack = new int[racks.length];
        List<int[]> agents = new ArrayList<>();
        int from = 0;
        while (from < racks.length) {
            String pod = ledger.node(racks[from][0]).pod();
            int to = from + 1;
            while (to < racks.length && to - from < racksPerAgent && ledger.node(racks[to][0]).pod().equals(pod)) {
                to++;
            }
            int[] agent = new int[to - from];
            for (int k = from; k < to; k++) {
                agent[k - from] = k;
                agentOfRack[k] = agents.size();
            }
            agents.add(agent);
            from = to;
        }
        return new AgentDomains(rackOfNode, agentOfRack, racks, agents.toArray(int[][]::new));
    }

    int agentCount() {
        return agents.length;
    }
}
