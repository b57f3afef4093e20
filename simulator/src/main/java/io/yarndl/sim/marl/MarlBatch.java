package io.yarndl.sim.marl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.yarndl.core.placement.marl.MarlLayout;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A marl rollout batch folder, the file contract with the Python trainer
 * ({@code onnx-models/README.md}, "marl rollout batches"): {@code rows.f32} (every candidate row,
 * {@link MarlLayout#FEATURES} little-endian floats each), {@code decisions.i32} (per decision
 * {@value DecisionLog#INTS_PER_DECISION} little-endian ints: first row, row count, chosen, teacher,
 * episode, round) and {@code batch.json}, written last, so a folder with a {@code batch.json} holds a
 * whole batch. Episodes are written in index order, whatever order their threads finished in.
 */
final class MarlBatch {

    static final String BATCH_JSON = "batch.json";
    static final String ROWS = "rows.f32";
    static final String DECISIONS = "decisions.i32";

    private MarlBatch() {
    }

    /**
     * Writes {@code episodes} (in index order) to {@code dir}, replacing an earlier batch there.
     *
     * @param header the batch-level fields batch.json starts with (mode, model, policy, ...)
     */
    static void write(Path dir, Map<String, Object> header, List<MarlEpisode> episodes) throws IOException {
        Files.createDirectories(dir);
        // batch.json goes first, so a half-replaced folder never looks complete.
        Files.deleteIfExists(dir.resolve(BATCH_JSON));
        long rows = 0;
        long decisions = 0;
        try (DataOutputStream out = open(dir.resolve(ROWS))) {
            for (MarlEpisode episode : episodes) {
                episode.log().writeRows(out);
            }
        }
        try (DataOutputStream out = open(dir.resolve(DECISIONS))) {
            for (MarlEpisode episode : episodes) {
                episode.log().writeDecisions(out, rows, episode.index());
                rows += episode.log().rows();
                decisions += episode.log().decisions();
            }
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("layout", MarlLayout.VERSION);
        json.put("features", MarlLayout.FEATURES);
        json.put("rows", rows);
        json.put("decisions", decisions);
        json.putAll(header);
        json.put("episodes", episodes.stream().map(MarlEpisode::toJson).toList());
        Path temporary = dir.resolve(BATCH_JSON + ".tmp");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(temporary.toFile(), json);
        Files.move(temporary, dir.resolve(BATCH_JSON), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    private static DataOutputStream open(Path file) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }
}
