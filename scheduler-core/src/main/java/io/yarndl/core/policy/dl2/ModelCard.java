package io.yarndl.core.policy.dl2;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The JSON file beside every DL2 model ({@code <name>.json} for {@code <name>.onnx}): what the
 * model expects, which file it describes, how it was trained and how it scored. The scheduler
 * trusts a model only when its card's layout is {@link Dl2Layout}'s and its sha256 is the file's.
 *
 * @param format   {@link #FORMAT}
 * @param id       a name for the model, used in logs, metrics and checkpoints
 * @param layout   the feature layout it was trained for
 * @param model    the file it describes
 * @param training how it was made (the command, seeds, time taken, teacher); free-form
 * @param scores   its evaluation figures; free-form
 */
public record ModelCard(String format, String id, Layout layout, ModelFile model, Map<String, Object> training,
                        Map<String, Object> scores) {

    public static final String FORMAT = "yarn-dl/dl2-model-card/1";

    public ModelCard {
        Objects.requireNonNull(format, "missing \"format\"");
        Objects.requireNonNull(id, "missing \"id\"");
        Objects.requireNonNull(layout, "missing \"layout\"");
        Objects.requireNonNull(model, "missing \"model\"");
        // Not Map.copyOf: the trainer writes Python's None as null (a score not measured), and a
        // null in free-form notes is no reason to refuse a model.
        training = training == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(training));
        scores = scores == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    }

    /**
     * @param version        {@link Dl2Layout#VERSION} at training time
     * @param slots          job slots
     * @param slotFeatures   floats per slot
     * @param globalFeatures floats for the whole cluster
     * @param actions        logits the network returns
     * @param jobTypes       the job-type names of the one-hot buckets, in bucket order
     */
    public record Layout(String version, int slots, int slotFeatures, int globalFeatures, int actions,
                         List<String> jobTypes) {
        public Layout {
            Objects.requireNonNull(version, "missing \"layout.version\"");
            jobTypes = List.copyOf(Objects.requireNonNull(jobTypes, "missing \"layout.jobTypes\""));
        }

        /** The layout this build encodes, with {@code jobTypes} as the type buckets. */
        public static Layout current(List<String> jobTypes) {
            return new Layout(Dl2Layout.VERSION, Dl2Layout.SLOTS, Dl2Layout.SLOT_FEATURES, Dl2Layout.GLOBAL_FEATURES,
                    Dl2Layout.OUTPUT_SIZE, jobTypes);
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
