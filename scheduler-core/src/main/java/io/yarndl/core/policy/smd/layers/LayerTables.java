package io.yarndl.core.policy.smd.layers;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The layer tables SMD reads, by model: the shipped ones ({@link #shipped()}) are DL2's eight
 * parameter-server models, derived by {@code scheduler-core/src/main/python/derive_layer_tables.py}
 * (docs/smd-layers.md says how, and which sizes were chosen rather than derived). A job names its
 * model with {@code --model-family}; names match without regard to case, spaces, underscores or
 * hyphens, and a trailing parenthesised qualifier such as Gavel's {@code (batch size 64)} is
 * ignored, so {@code ResNet-50}, {@code resnet_50} and {@code resnet50} all find
 * {@code resnet-50}. Immutable.
 */
public final class LayerTables {

    /** The shipped tables' models, in DL2's order; each is {@value #FOLDER}{@code <model>.csv}. */
    public static final List<String> SHIPPED_MODELS = List.of("resnet-50", "vgg-16", "resnext-110",
            "inception-bn", "seq2seq", "cnn-text-classification", "dssm", "wlm");

    /** The classpath folder of the shipped tables. */
    public static final String FOLDER = "/io/yarndl/core/policy/smd/layers/";

    private static volatile LayerTables shipped;

    private final Map<String, LayerTable> byKey;

    private LayerTables(Map<String, LayerTable> byKey) {
        this.byKey = byKey;
    }

    /**
     * These tables, found by their models' names.
     *
     * @throws IllegalArgumentException when two models' names match each other
     */
    public static LayerTables of(List<LayerTable> tables) {
        Map<String, LayerTable> byKey = new LinkedHashMap<>();
        for (LayerTable table : tables) {
            LayerTable clash = byKey.putIfAbsent(key(table.model()), table);
            if (clash != null) {
                throw new IllegalArgumentException("models " + clash.model() + " and " + table.model()
                        + " have names that match each other");
            }
        }
        return new LayerTables(Collections.unmodifiableMap(byKey));
    }

    /**
     * The shipped tables, read from the classpath once.
     *
     * @throws IllegalStateException when one is missing or does not parse (a broken build, not input)
     */
    public static LayerTables shipped() {
        LayerTables tables = shipped;
        if (tables == null) {
            // Two first callers may both read; either result is the same immutable value.
            tables = readShipped();
            shipped = tables;
        }
        return tables;
    }

    /** The table of {@code modelOrFamily}, matched as the class comment says, or empty. */
    public Optional<LayerTable> find(String modelOrFamily) {
        return modelOrFamily == null ? Optional.empty() : Optional.ofNullable(byKey.get(key(modelOrFamily)));
    }

    /**
     * The table of {@code modelOrFamily}.
     *
     * @throws NoLayerTableException naming the model, the known ones and {@code --model-family}
     */
    public LayerTable require(String modelOrFamily) {
        return find(modelOrFamily).orElseThrow(() -> new NoLayerTableException(modelOrFamily, names()));
    }

    /** The models that have a table, in the order given. */
    public Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        byKey.values().forEach(table -> names.add(table.model()));
        return Collections.unmodifiableSet(names);
    }

    /** Lower case, without a trailing "(...)" and without spaces, underscores or hyphens. */
    static String key(String name) {
        String trimmed = name.trim();
        if (trimmed.endsWith(")") && trimmed.indexOf('(') > 0) {
            trimmed = trimmed.substring(0, trimmed.lastIndexOf('('));
        }
        return trimmed.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]", "");
    }

    private static LayerTables readShipped() {
        List<LayerTable> tables = new ArrayList<>();
        for (String model : SHIPPED_MODELS) {
            String resource = FOLDER + model + ".csv";
            try (InputStream in = LayerTables.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException(resource + " is missing from the classpath");
                }
                tables.add(LayerTableCsv.read(model, resource, new InputStreamReader(in, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
        return of(tables);
    }
}
