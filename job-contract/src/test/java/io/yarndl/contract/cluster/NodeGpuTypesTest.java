package io.yarndl.contract.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.contract.job.MalformedRecordException;
import io.yarndl.core.cluster.Node;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The GPU types the scheduler publishes for AMs: written and read back as documented, looked up by
 * a container's {@code host:port} or its host, and a sample's type is only the common type of all
 * its workers' nodes.
 */
class NodeGpuTypesTest {

    private final NodeGpuTypesCodec codec = new NodeGpuTypesCodec();

    private static NodeGpuTypes types(String... nodeThenType) {
        Map<String, String> byNode = new LinkedHashMap<>();
        for (int i = 0; i < nodeThenType.length; i += 2) {
            byNode.put(nodeThenType[i], nodeThenType[i + 1]);
        }
        return new NodeGpuTypes(byNode);
    }

    @Test
    void writesTheDocumentedRecordAndReadsItBack() throws Exception {
        NodeGpuTypes types = types("gpu-host-1:8041", "V100", "gpu-host-2:8041", "K80");
        String json = codec.toJson(types);

        assertEquals("{\"version\":1,\"nodes\":{\"gpu-host-1:8041\":\"V100\",\"gpu-host-2:8041\":\"K80\"}}", json);
        assertEquals(types, codec.fromJson(json));
        assertEquals(NodeGpuTypes.none(), codec.fromJson("{\"version\":1,\"nodes\":{}}"));
    }

    @Test
    void refusesWhatIsNotTheRecordNamingTheField() {
        assertMalformed("{\"version\":2,\"nodes\":{}}", "gpu-types: unsupported version 2");
        assertMalformed("{\"version\":1}", "gpu-types: missing required field 'nodes'");
        assertMalformed("{\"version\":1,\"nodes\":{\"h:1\":7}}", "gpu-types: field 'nodes.h:1' must be a string");
        assertMalformed("{\"version\":1,\"nodes\":{\"h:1\":\" \"}}", "must be a GPU type");
        assertMalformed("{\"version\":1,\"nodes\":{},\"extra\":1}", "gpu-types: unknown field 'extra'");
        assertMalformed("not json", "gpu-types: not valid JSON");
    }

    private void assertMalformed(String json, String expectedStart) {
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.fromJson(json));
        assertEquals(true, e.getMessage().startsWith(expectedStart) || e.getMessage().contains(expectedStart),
                e.getMessage());
    }

    @Test
    void aNodeIsLookedUpByHostAndPortThenByHost() {
        NodeGpuTypes types = types("gpu-host-1:8041", "V100", "gpu-host-2", "K80");

        assertEquals("V100", types.typeOf("gpu-host-1", 8041));
        assertEquals(Node.UNKNOWN_GPU_TYPE, types.typeOf("gpu-host-1", 8042));
        assertEquals("K80", types.typeOf("gpu-host-2", 8042), "a scheduler naming nodes by host alone");
        assertEquals(Node.UNKNOWN_GPU_TYPE, types.typeOf("gpu-host-3", 8041));
    }

    @Test
    void workersOnOneKnownTypeHaveItOtherwiseTheSampleIsUntagged() {
        NodeGpuTypes types = types("a:1", "V100", "b:1", "V100", "c:1", "K80");

        assertEquals("V100", types.commonTypeOf(List.of("a:1", "b:1")));
        assertEquals(Node.UNKNOWN_GPU_TYPE, types.commonTypeOf(List.of("a:1", "c:1")), "two types");
        assertEquals(Node.UNKNOWN_GPU_TYPE, types.commonTypeOf(List.of("a:1", "d:1")), "one node without a type");
        assertEquals(Node.UNKNOWN_GPU_TYPE, types.commonTypeOf(List.of()), "no workers");
    }
}
