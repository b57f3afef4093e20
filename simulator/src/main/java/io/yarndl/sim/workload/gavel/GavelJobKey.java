package io.yarndl.sim.workload.gavel;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of Gavel's job types: a model (e.g. {@code ResNet-50 (batch size 64)}) at a scale factor,
 * the number of GPUs it runs on, one worker each. Gavel keys its throughputs by this pair, written
 * as a Python tuple, {@code ('ResNet-50 (batch size 64)', 4)}.
 *
 * @param model       the model and batch size, as Gavel's job table names it
 * @param scaleFactor GPUs (workers), at least 1
 */
public record GavelJobKey(String model, int scaleFactor) {

    private static final Pattern TUPLE = Pattern.compile("\\('(.+)', (\\d+)\\)");

    public GavelJobKey {
        Objects.requireNonNull(model, "model");
        if (model.isBlank() || scaleFactor < 1) {
            throw new IllegalArgumentException("a Gavel job type needs a model and a scale factor >= 1, got '" + model
                    + "', " + scaleFactor);
        }
    }

    /**
     * Reads Gavel's tuple form, {@code ('<model>', <scale factor>)}.
     *
     * @throws IllegalArgumentException if {@code text} is not of that form
     */
    public static GavelJobKey parse(String text) {
        Matcher m = TUPLE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a Gavel job type, ('<model>', <scale factor>)");
        }
        return new GavelJobKey(m.group(1), Integer.parseInt(m.group(2)));
    }

    /**
     * The simulator's name for it, Gavel's own string form: the model alone at scale factor 1,
     * {@code <model> (scale factor N)} above.
     */
    public String jobTypeName() {
        return scaleFactor == 1 ? model : model + " (scale factor " + scaleFactor + ")";
    }

    @Override
    public String toString() {
        return "('" + model + "', " + scaleFactor + ")";
    }
}
