package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GpuTypeSettingsTest {

    private static Configuration with(String key, String value) {
        Configuration conf = new Configuration(false);
        conf.set(key, value);
        return conf;
    }

    @Test
    void readsTheMappingInItsOrderWithHostsAndNodeIds() {
        GpuTypeSettings settings = GpuTypeSettings.from(with(GpuTypeSettings.BY_NODE,
                " gpu-host-2=K80 ,gpu-host-1=V100, 10.0.0.7:8041 = P100"));

        assertEquals(Map.of("gpu-host-2", "K80", "gpu-host-1", "V100", "10.0.0.7:8041", "P100"), settings.byNode());
        assertEquals(List.of("gpu-host-2", "gpu-host-1", "10.0.0.7:8041"), List.copyOf(settings.byNode().keySet()));
        assertEquals("gpu-host-2=K80,gpu-host-1=V100,10.0.0.7:8041=P100", settings.describeMapping());
        assertEquals(GpuTypeSettings.DEFAULT_ATTRIBUTE, settings.attribute());
    }

    @Test
    void anEmptyOrUnsetMappingMapsNothing() {
        assertEquals(Map.of(), GpuTypeSettings.from(new Configuration(false)).byNode());
        assertEquals(Map.of(), GpuTypeSettings.from(with(GpuTypeSettings.BY_NODE, "  ")).byNode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gpu-host-1", "gpu-host-1=", "=V100", "gpu-host-1=V100,", "gpu-host-1:port=V100",
        "gpu host=V100", "gpu-host-1=V 100", "gpu-host-1:8041:1=V100", "gpu-host-1=V100;gpu-host-2=K80"})
    void aMalformedMappingIsRefusedNamingTheKeyAndTheExpectedForm(String value) {
        InvalidSettingException error = assertThrows(InvalidSettingException.class,
                () -> GpuTypeSettings.from(with(GpuTypeSettings.BY_NODE, value)));

        assertEquals(GpuTypeSettings.BY_NODE, error.key());
        assertEquals(value, error.value());
        assertTrue(error.getMessage().startsWith("yarn.dl.scheduler.gpu-types = '" + value + "' has the entry '"),
                error.getMessage());
        assertTrue(error.getMessage().contains("host=TYPE or host:port=TYPE, e.g. gpu-host-1=V100"), error.getMessage());
    }

    @Test
    void aNodeNamedTwiceIsRefused() {
        InvalidSettingException error = assertThrows(InvalidSettingException.class,
                () -> GpuTypeSettings.from(with(GpuTypeSettings.BY_NODE, "gpu-host-1=V100,gpu-host-1=K80")));

        assertTrue(error.getMessage().contains("names node 'gpu-host-1' twice"), error.getMessage());
    }

    @Test
    void theAttributeMayNameAPrefixButMustBeOneName() {
        assertEquals("rm.yarn.io/gpu-type",
                GpuTypeSettings.from(with(GpuTypeSettings.ATTRIBUTE, " rm.yarn.io/gpu-type ")).attribute());
        for (String bad : List.of("gpu type", "a/b/c", "/gpu-type", "gpu.type", "-gpu")) {
            InvalidSettingException error = assertThrows(InvalidSettingException.class,
                    () -> GpuTypeSettings.from(with(GpuTypeSettings.ATTRIBUTE, bad)), bad);
            assertEquals(GpuTypeSettings.ATTRIBUTE, error.key());
        }
    }
}
