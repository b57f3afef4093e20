package io.yarndl.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSpecSyntaxTest {

    @Test
    void readsOneGroupPerPartWithUpperCaseTypes() {
        List<NodeGroup> groups = ClusterSpecSyntax.parse("v100:9x4,p100:9x4, k80:9x4");

        assertEquals(List.of("V100", "P100", "K80"), groups.stream().map(NodeGroup::gpuType).toList());
        assertEquals(List.of(9, 9, 9), groups.stream().map(NodeGroup::nodes).toList());
        assertEquals(108, ClusterSpec.ofGroups(groups, 16).total().gpus());
    }

    @Test
    void givesEachNodeEightVcoresAndSixtyFourGibPerGpu() {
        List<NodeGroup> groups = ClusterSpecSyntax.parse("t4:6x4,a100:2x8,rtx:3x8");

        assertEquals(Resources.of(4, 32, 4 * 65_536L), groups.get(0).perNode());
        assertEquals(Resources.of(8, 64, 8 * 65_536L), groups.get(1).perNode());
        assertEquals("RTX", groups.get(2).gpuType());
    }

    @Test
    void acceptsSiasClusterNamesAsAliasesOfTheirGpuTypes() {
        List<NodeGroup> groups = ClusterSpecSyntax.parse("aws:6x4,DGX-Ext:2x8,Rtx:3x8,azure:1x8,quad:1x4,dgx:1x8");

        assertEquals(List.of("T4", "A100", "RTX", "V100", "QUADRO", "A100"),
                groups.stream().map(NodeGroup::gpuType).toList());
        assertEquals("t4-0000", ClusterSpec.ofGroups(groups, 16).snapshot(0).nodes().get(0).id());
    }

    @Test
    void aBadPartIsNamedWithTheExpectedForm() {
        for (String bad : new String[] {"v100:9", "v100=9x4", "v100:9x4,", "v100:nine x4", ":9x4", "v100:9x4;k80:1x4"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClusterSpecSyntax.parse(bad),
                    bad);
            assertTrue(e.getMessage().contains("TYPE:NODESxGPUS"), bad + ": " + e.getMessage());
        }
        IllegalArgumentException second = assertThrows(IllegalArgumentException.class,
                () -> ClusterSpecSyntax.parse("v100:2x4,k80:2"));
        assertTrue(second.getMessage().contains("part 2 'k80:2'"), second.getMessage());
    }

    @Test
    void zeroNodesOrGpusAreRefused() {
        IllegalArgumentException nodes = assertThrows(IllegalArgumentException.class,
                () -> ClusterSpecSyntax.parse("v100:0x4"));
        IllegalArgumentException gpus = assertThrows(IllegalArgumentException.class,
                () -> ClusterSpecSyntax.parse("v100:2x0"));

        assertTrue(nodes.getMessage().contains("'v100:0x4'") && nodes.getMessage().contains("at least 1 node"),
                nodes.getMessage());
        assertTrue(gpus.getMessage().contains("'v100:2x0'"), gpus.getMessage());
    }

    @Test
    void anEmptySpecIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ClusterSpecSyntax.parse(" "));
    }
}
