package io.yarndl.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSpecTest {

    @Test
    void homogeneousNodesKeepTheirNumberedIdsAndOneType() {
        ClusterSnapshot snapshot = new ClusterSpec(3, Resources.of(8, 64, 524_288), 2, "V100").snapshot(0);

        assertEquals(List.of("node-0000", "node-0001", "node-0002"), snapshot.nodes().stream().map(Node::id).toList());
        assertEquals(List.of("/rack-0", "/rack-0", "/rack-1"), snapshot.nodes().stream().map(Node::rack).toList());
        assertEquals(List.of("V100"), new ClusterSpec(3, Resources.of(8, 64, 524_288), 2, "V100").gpuTypes());
    }

    @Test
    void mixedNodesShowTheirTypeNumberedPerTypeAndRackedInOrder() {
        ClusterSpec cluster = ClusterSpec.ofGroups(ClusterSpecSyntax.parse("v100:2x4,k80:1x8,v100:1x2"), 2);
        ClusterSnapshot snapshot = cluster.snapshot(0);

        assertEquals(List.of("v100-0000", "v100-0001", "k80-0000", "v100-0002"),
                snapshot.nodes().stream().map(Node::id).toList());
        assertEquals(List.of("V100", "V100", "K80", "V100"),
                snapshot.nodes().stream().map(Node::acceleratorType).toList());
        assertEquals(List.of("/rack-0", "/rack-0", "/rack-1", "/rack-1"),
                snapshot.nodes().stream().map(Node::rack).toList());
        assertEquals(List.of("V100", "K80"), cluster.gpuTypes());
        assertEquals(10, cluster.totalOf("V100").gpus());
        assertEquals(4, cluster.largestNodeOf("V100").gpus());
        assertNull(cluster.largestNodeOf("A100"));
    }

    @Test
    void describesItselfAsTodayWhenHomogeneousAndByGroupOtherwise() {
        assertEquals("4 nodes x 8 GPUs", new ClusterSpec(4, Resources.of(8, 64, 524_288), 16, "V100").describe());
        assertEquals("V100 1x4 + K80 1x4 nodes (8 GPUs)",
                ClusterSpec.ofGroups(ClusterSpecSyntax.parse("v100:1x4,k80:1x4"), 16).describe());
    }
}
