package io.yarndl.yarn.round;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.Node;
import io.yarndl.yarn.config.GpuTypeSettings;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeAttributeType;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.junit.jupiter.api.Test;

/**
 * A node's GPU type comes from its node attribute (any prefix), else the operator's mapping
 * (host:port before host), else its partition, else it has none.
 */
class GpuTypeReaderTest {

    private static final NodeId NODE = NodeId.newInstance("gpu-host-1", 8041);
    private static final GpuTypeReader DEFAULTS = GpuTypeReader.defaults();

    private static NodeAttribute attribute(String prefix, String name, String value) {
        return NodeAttribute.newInstance(prefix, name, NodeAttributeType.STRING, value);
    }

    @Test
    void readsTheAttributeANodeManagerReportsOrAnAdministratorSet() {
        assertEquals("V100", DEFAULTS.typeOf(Set.of(attribute(NodeAttribute.PREFIX_DISTRIBUTED, "gpu-type", "V100")),
                NODE, ""));
        assertEquals("K80", DEFAULTS.typeOf(Set.of(attribute(NodeAttribute.PREFIX_CENTRALIZED, "gpu-type", " K80 ")),
                NODE, "labelled"));
    }

    @Test
    void theAdministratorsAttributeWinsOverTheNodeManagersAndOtherAttributesAreIgnored() {
        Set<NodeAttribute> both = Set.of(attribute(NodeAttribute.PREFIX_DISTRIBUTED, "gpu-type", "K80"),
                attribute(NodeAttribute.PREFIX_CENTRALIZED, "gpu-type", "V100"),
                attribute(NodeAttribute.PREFIX_CENTRALIZED, "os", "centos"));

        assertEquals("V100", DEFAULTS.typeOf(both, NODE, ""));
    }

    @Test
    void anAttributeNamedWithAPrefixMatchesOnlyThatPrefix() {
        GpuTypeReader adminOnly = new GpuTypeReader(new GpuTypeSettings("rm.yarn.io/accelerator", Map.of()));
        Set<NodeAttribute> reported = Set.of(attribute(NodeAttribute.PREFIX_DISTRIBUTED, "accelerator", "V100"));

        assertEquals(Node.UNKNOWN_GPU_TYPE, adminOnly.typeOf(reported, NODE, ""));
        assertEquals("K80", adminOnly.typeOf(Set.of(attribute(NodeAttribute.PREFIX_CENTRALIZED, "accelerator", "K80")),
                NODE, ""));
    }

    @Test
    void withoutTheAttributeTheMappingSaysByNodeIdThenByHost() {
        GpuTypeReader mapped = new GpuTypeReader(new GpuTypeSettings("gpu-type",
                Map.of("gpu-host-1", "K80", "gpu-host-1:8041", "V100", "gpu-host-2", "P100")));

        assertEquals("V100", mapped.typeOf(Set.of(), NODE, "labelled"));
        assertEquals("K80", mapped.typeOf(null, NodeId.newInstance("gpu-host-1", 8042), ""));
        assertEquals("P100", mapped.typeOf(Set.of(attribute(NodeAttribute.PREFIX_CENTRALIZED, "os", "centos")),
                NodeId.newInstance("gpu-host-2", 8041), ""));
        assertEquals("T4", mapped.typeOf(Set.of(attribute(NodeAttribute.PREFIX_DISTRIBUTED, "gpu-type", "T4")), NODE, ""),
                "the attribute comes first");
    }

    @Test
    void aNodeTheSchedulerNeverGaveAttributesTakesItsHostsFromTheRmReadOncePerRound() {
        // CapacityScheduler finds a host's nodes by node name: with port-qualified names it finds none.
        AtomicInteger reads = new AtomicInteger();
        GpuTypeReader reader = new GpuTypeReader(GpuTypeSettings.defaults(), () -> {
            reads.incrementAndGet();
            return Map.of("gpu-host-1", Set.of(attribute(NodeAttribute.PREFIX_DISTRIBUTED, "gpu-type", "V100")));
        }).forOneRound();

        assertEquals("V100", reader.typeOf(null, NODE, ""));
        assertEquals("V100", reader.typeOf(null, NodeId.newInstance("gpu-host-1", 8042), ""));
        assertEquals(Node.UNKNOWN_GPU_TYPE, reader.typeOf(null, NodeId.newInstance("gpu-host-2", 8041), ""));
        assertEquals(Node.UNKNOWN_GPU_TYPE, reader.typeOf(Set.of(), NODE, ""), "attributes set, none of them the type");
        assertEquals(1, reads.get(), "the hosts' attributes are read once a round");
    }

    @Test
    void withNeitherThePartitionIsTheTypeAndWithoutOneTheNodeHasNone() {
        assertEquals("gpu-v100", DEFAULTS.typeOf(Set.of(), NODE, "gpu-v100"));
        assertEquals(Node.UNKNOWN_GPU_TYPE, DEFAULTS.typeOf(Set.of(), NODE, ""));
        assertEquals(Node.UNKNOWN_GPU_TYPE, DEFAULTS.typeOf(null, NODE, null));
    }
}
