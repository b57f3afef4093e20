package io.yarndl.core.placement.marl.serving;

import io.yarndl.core.placement.marl.MarlLayout;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The JSON file beside every {@code marl} model ({@code <name>.json} for {@code <name>.onnx}), as
 * {@code onnx-models/trainer/marlnet.py} writes it: what the network expects, which file it
 * describes, how it was trained and how it scored. The scheduler trusts a model only when its
 * card's layout is {@link MarlLayout}'s and its sha256 is the file's ({@link MarlModelLoader}).
 *
 * @param format   {@link #FORMAT}
 * @param id       a name for the model, used in logs and metrics
 * @param layout   the candidate layout it was trained for
 * @param model    the file it describes
 * @param training how it was made; free-form
 * @param scores   its evaluation figures; free-form
 */
public record MarlModelCard(String format, String id, Layout layout, ModelFile model, Map<String, Object> training,
                            Map<String, Object> scores) {

    public static final String FORMAT = "yarn-dl/marl-model-card/1";

    public MarlModelCard {
        Objects.requireNonNull(format, "missing \"format\"");
        Objects.requireNonNull(id, "missing \"id\"");
        Objects.requireNonNull(layout, "missing \"layout\"");
        Objects.requireNonNull(model, "missing \"model\"");
        // Not Map.copyOf: Python's None arrives as null, and a null in free-form notes refuses nothing.
        training = training == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(training));
        scores = scores == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    }

    /**
     * @param version            {@link MarlLayout#VERSION} at training time
     * @param features           floats per candidate row
     * @param candidatesPerAgent candidates each agent proposed per decision
     * @param racksPerAgent      racks in each agent's domain
     */
    public record Layout(String version, int features, int candidatesPerAgent, int racksPerAgent) {
        public Layout {
            Objects.requireNonNull(version, "missing \"layout.version\"");
        }

        /** The layout this build encodes. */
        public static Layout current() {
            return new Layout(MarlLayout.VERSION, MarlLayout.FEATURES, MarlLayout.CANDIDATES_PER_AGENT,
                    MarlLayout.RACKS_PER_AGENT);
        }
    }

    /**
     * @param file   the ONNX file's name, relative to the card
     * @param sha256 its SHA-256, lower-case hex
     */
    public record ModelFile(String file, String sha256) {
        public ModelFile {
            Objects.requireNonNull(file, "missing \"model.file\"");
            Objects.requireNonNull(sha256, "missing \"model.sha256\"");
        }
    }
}
