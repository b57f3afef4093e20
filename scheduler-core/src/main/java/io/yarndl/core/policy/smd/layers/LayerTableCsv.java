package io.yarndl.core.policy.smd.layers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads one layer table as {@code scheduler-core/src/main/python/derive_layer_tables.py} writes
 * it: {@code #} comment lines (the first {@code # source:} line says where the structure comes
 * from; a {@code # model:} line, where present, must name the model expected), then the header
 * {@value #HEADER}, then one row per layer in forward order. A table that does not parse fails
 * with the resource and line, so a hand-edited table is caught where it is broken.
 */
public final class LayerTableCsv {

    /** The header row, exactly. */
    public static final String HEADER = "layer,kind,parameters,forward_flops,backward_flops";

    private static final String SOURCE = "# source:";
    private static final String MODEL = "# model:";

    private LayerTableCsv() {
    }

    /**
     * The table of {@code model} from {@code reader}.
     *
     * @param resource names the input in error messages, e.g. its classpath resource
     * @throws IllegalArgumentException naming {@code resource} and the line, when it does not parse
     */
    public static LayerTable read(String model, String resource, Reader reader) throws IOException {
        BufferedReader lines = new BufferedReader(reader);
        String source = null;
        boolean header = false;
        List<Layer> layers = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                if (line.startsWith(SOURCE) && source == null) {
                    source = line.substring(SOURCE.length()).trim();
                } else if (line.startsWith(MODEL) && !line.substring(MODEL.length()).trim().equals(model)) {
                    throw fail(resource, number, "the table is of '" + line.substring(MODEL.length()).trim()
                            + "', expected '" + model + "'");
                }
                continue;
            }
            if (!header) {
                if (!line.trim().equals(HEADER)) {
                    throw fail(resource, number, "expected the header '" + HEADER + "', found '" + line + "'");
                }
                header = true;
                continue;
            }
            Layer layer = row(resource, number, line);
            if (!names.add(layer.name())) {
                throw fail(resource, number, "layer " + layer.name() + " appears twice");
            }
            layers.add(layer);
        }
        if (!header) {
            throw new IllegalArgumentException(resource + ": no header line '" + HEADER + "'");
        }
        if (source == null) {
            throw new IllegalArgumentException(resource + ": no '" + SOURCE + "' comment line");
        }
        if (layers.isEmpty()) {
            throw new IllegalArgumentException(resource + ": no layer rows");
        }
        return new LayerTable(model, source, layers);
    }

    private static Layer row(String resource, int number, String line) {
        String[] cells = line.split(",", -1);
        if (cells.length != 5) {
            throw fail(resource, number, "expected 5 cells (" + HEADER + "), found " + cells.length);
        }
        for (int i = 0; i < 2; i++) {
            if (cells[i].isBlank()) {
                throw fail(resource, number, (i == 0 ? "layer" : "kind") + " is empty");
            }
        }
        try {
            return new Layer(cells[0].trim(), cells[1].trim(), parameters(cells[2].trim()),
                    flops("forward_flops", cells[3].trim()), flops("backward_flops", cells[4].trim()));
        } catch (IllegalArgumentException e) {
            throw fail(resource, number, e.getMessage());
        }
    }

    private static long parameters(String cell) {
        try {
            return Long.parseLong(cell);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameters '" + cell + "' is not a whole number");
        }
    }

    private static double flops(String column, String cell) {
        try {
            return Double.parseDouble(cell);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + " '" + cell + "' is not a number");
        }
    }

    private static IllegalArgumentException fail(String resource, int number, String why) {
        return new IllegalArgumentException(resource + " line " + number + ": " + why);
    }
}
