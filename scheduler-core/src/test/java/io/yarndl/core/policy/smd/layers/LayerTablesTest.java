package io.yarndl.core.policy.smd.layers;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shipped layer tables against DL2's published model sizes, and how a job's model finds its table. */
class LayerTablesTest {

    /**
     * DL2's model sizes (trace.py), in MB of 10^6 bytes: resnet-50's 102.2 MB is torchvision's
     * 25,557,032 fp32 parameters (102.23e6 bytes; 97.5 MiB), and vgg-16's 553.4 MB likewise.
     */
    private static final Map<String, Double> DL2_MODEL_MB = Map.of("resnet-50", 102.2, "vgg-16", 553.4,
            "resnext-110", 6.92, "inception-bn", 42.1, "seq2seq", 36.5, "cnn-text-classification", 24.0,
            "dssm", 6.0, "wlm", 19.2);

    private final LayerTables tables = LayerTables.shipped();

    @Test
    void shipsATableForEachOfDl2sEightParameterServerModels() {
        assertEquals(DL2_MODEL_MB.keySet(), tables.names());
        assertEquals(LayerTables.SHIPPED_MODELS, List.copyOf(tables.names()));
        for (String model : tables.names()) {
            LayerTable table = tables.require(model);
            assertEquals(model, table.model());
            assertFalse(table.source().isBlank(), model);
            assertTrue(table.flopsPerSample() > 0, model);
        }
    }

    @Test
    void eachModelsSizeIsWithin15PercentOfDl2s() {
        for (String model : tables.names()) {
            double mb = tables.require(model).totalBytes() / 1e6;
            double ratio = mb / DL2_MODEL_MB.get(model);
            assertTrue(ratio > 0.85 && ratio < 1.15, model + ": " + mb + " MB against DL2's "
                    + DL2_MODEL_MB.get(model) + " MB, ratio " + ratio);
        }
    }

    @Test
    void resnet50HasTorchvisionsParametersAndSource() {
        LayerTable resnet = tables.require("resnet-50");
        assertEquals(25_557_032L, resnet.totalBytes() / Layer.BYTES_PER_PARAMETER);
        assertTrue(resnet.source().startsWith("torchvision 0.14 resnet50"), resnet.source());
        assertEquals("conv1", resnet.layers().get(0).name());
        assertEquals("fc", resnet.layers().get(resnet.layers().size() - 1).name());
    }

    @Test
    void resnet50CostsItsPublishedFlopsPerSample() {
        // ResNet-50 is 4.1 G multiply-adds forward at 224x224, so about 8.2 GFLOPs, and 3x that with backward.
        double forward = tables.require("resnet-50").layers().stream().mapToDouble(Layer::forwardFlops).sum();
        assertEquals(8.2e9, forward, 0.2e9);
        assertEquals(3 * forward, tables.require("resnet-50").flopsPerSample(), 1);
    }

    @Test
    void findsAModelWhateverItsCaseSpacesUnderscoresOrHyphens() {
        for (String name : List.of("resnet-50", "ResNet-50", "resnet_50", "resnet50", " RESNET 50 ",
                "ResNet-50 (batch size 64)")) {
            assertEquals("resnet-50", tables.find(name).map(LayerTable::model).orElse(null), name);
        }
        assertEquals("cnn-text-classification", tables.require("CNN_Text_Classification").model());
        assertEquals("inception-bn", tables.require("Inception BN").model());
    }

    @Test
    void findsNothingForAnUnknownModel() {
        assertTrue(tables.find("resnet-18").isEmpty());
        assertTrue(tables.find(null).isEmpty());
        assertTrue(tables.find("").isEmpty());
    }

    @Test
    void requireOfAnUnknownModelNamesItTheKnownOnesAndTheOption() {
        NoLayerTableException e = assertThrows(NoLayerTableException.class, () -> tables.require("bert-large"));
        assertEquals("bert-large", e.model());
        assertTrue(e.getMessage().contains("'bert-large'"), e.getMessage());
        for (String known : LayerTables.SHIPPED_MODELS) {
            assertTrue(e.getMessage().contains(known), e.getMessage());
        }
        assertTrue(e.getMessage().contains("--model-family"), e.getMessage());
        assertTrue(e instanceof IllegalArgumentException);
    }

    @Test
    void refusesTwoModelsWhoseNamesMatch() {
        List<Layer> one = List.of(new Layer("fc", "linear", 10, 20, 40));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LayerTables.of(
                List.of(new LayerTable("resnet-50", "a", one), new LayerTable("ResNet_50", "b", one))));
        assertTrue(e.getMessage().contains("resnet-50") && e.getMessage().contains("ResNet_50"), e.getMessage());
    }
}
