package io.yarndl.core.placement.marl;

import static io.yarndl.core.testing.Clusters.inRack;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.testing.Clusters;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentDomainsTest {

    private static NodeLedger ledger(String... racks) {
        List<Node> nodes = new ArrayList<>();
        for (String rack : racks) {
            nodes.add(inRack("n" + nodes.size(), rack, 8));
        }
        return NodeLedger.of(Clusters.of(nodes.toArray(Node[]::new)));
    }

    @Test
    void everyTwoRacksByNameAreOneAgentsDomain() {
        AgentDomains domains = AgentDomains.of(ledger("/r3", "/r1", "/r2", "/r0", "/r4"), 2);
        assertEquals(3, domains.agentCount());
        assertArrayEquals(new int[] {0, 1}, domains.agents()[0]);
        assertArrayEquals(new int[] {4}, domains.agents()[2]);
        assertEquals(3, domains.racks()[0][0], "rack /r0 is the fourth node's");
    }

    @Test
    void noAgentsDomainCrossesAPod() {
        AgentDomains domains = AgentDomains.of(ledger("/p1/r1", "/p1/r2", "/p1/r3", "/p2/r1", "/p2/r2", "/p2/r3"), 2);
        assertEquals(4, domains.agentCount());
        assertArrayEquals(new int[] {0, 1}, domains.agents()[0]);
        assertArrayEquals(new int[] {2}, domains.agents()[1]);
        assertArrayEquals(new int[] {3, 4}, domains.agents()[2]);
        assertArrayEquals(new int[] {5}, domains.agents()[3]);
    }
}
