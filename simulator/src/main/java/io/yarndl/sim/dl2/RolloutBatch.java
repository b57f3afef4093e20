package io.yarndl.sim.dl2;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.yarndl.core.policy.dl2.Dl2Layout;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A rollout batch folder, the file contract between the simulator and the Python trainer
 * ({@code onnx-models/README.md}, "Rollout batches"): {@code states.f32}, {@code valid.u8},
 * {@code actions.i32}, {@code rounds.i32} (little-endian, one row per kept decision, episodes in
 * index order) and {@code batch.json}, written last: a folder with a {@code batch.json} holds a
 * whole batch.
 *
 * <p>Episodes stream their decisions to part files under {@code .parts/} while they run, in
 * parallel; {@link #finish} joins them in episode order (so the batch is the same whatever
 * {@code --threads} was) and removes them.
 */
final class RolloutBatch {

    static final String BATCH_JSON = "batch.json";
    static final String STATES = "states.f32";
    static final String VALID = "valid.u8";
    static final String ACTIONS = "actions.i32";
    static final String ROUNDS = "rounds.i32";
    private static final List<String> DATA_FILES = List.of(STATES, VALID, ACTIONS, ROUNDS);
    private static final String PARTS = ".parts";

    private final Path dir;
    private final Path parts;

    private RolloutBatch(Path dir) {
        this.dir = dir;
        this.parts = dir.resolve(PARTS);
    }

    /**
     * Makes {@code dir} ready for a new batch: creates it, and removes an earlier batch's files
     * (batch.json first, so a half-replaced folder never looks complete).
     */
    static RolloutBatch create(Path dir) throws IOException {
        Files.createDirectories(dir);
        RolloutBatch batch = new RolloutBatch(dir);
        Files.deleteIfExists(dir.resolve(BATCH_JSON));
        for (String name : DATA_FILES) {
            Files.deleteIfExists(dir.resolve(name));
        }
        batch.deleteParts();
        Files.createDirectories(batch.parts);
        return batch;
    }

    /** Where episode {@code episode} streams its decisions. */
    record EpisodeParts(int episode, Path states, Path valid, Path actions, Path rounds) {
        List<Path> all() {
            return List.of(states, valid, actions, rounds);
        }
    }

    EpisodeParts partsOf(int episode) {
        String stem = "episode-" + episode + ".";
        return new EpisodeParts(episode, parts.resolve(stem + STATES), parts.resolve(stem + VALID),
                parts.resolve(stem + ACTIONS), parts.resolve(stem + ROUNDS));
    }

    /**
     * Joins the episodes' parts into the batch files and writes {@code batch.json}.
     *
     * @param header    the batch-level fields, in order ({@code inputSize}, {@code decisions}, ...)
     * @param episodes  one object per episode, in index order, as {@code batch.json} lists them
     * @param decisions the decisions the parts hold in all; checked against their sizes
     */
    void finish(Map<String, Object> header, List<Map<String, Object>> episodes, long decisions) throws IOException {
        List<EpisodeParts> all = new ArrayList<>();
        for (int i = 0; i < episodes.size(); i++) {
            all.add(partsOf(i));
        }
        join(STATES, all.stream().map(EpisodeParts::states).toList(), decisions * Dl2Layout.INPUT_SIZE * Float.BYTES);
        join(VALID, all.stream().map(EpisodeParts::valid).toList(), decisions * Dl2Layout.OUTPUT_SIZE);
        join(ACTIONS, all.stream().map(EpisodeParts::actions).toList(), decisions * Integer.BYTES);
        join(ROUNDS, all.stream().map(EpisodeParts::rounds).toList(), decisions * 2L * Integer.BYTES);
        deleteParts();

        Map<String, Object> json = new LinkedHashMap<>();
        json.put("inputSize", Dl2Layout.INPUT_SIZE);
        json.put("outputSize", Dl2Layout.OUTPUT_SIZE);
        json.put("decisions", decisions);
        json.putAll(header);
        json.put("episodes", episodes);
        Path temporary = dir.resolve(BATCH_JSON + ".tmp");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(temporary.toFile(), json);
        Files.move(temporary, dir.resolve(BATCH_JSON), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** Removes the part files, after a batch is joined or when a run fails. */
    void deleteParts() throws IOException {
        if (!Files.isDirectory(parts)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(parts)) {
            for (Path file : files) {
                Files.delete(file);
            }
        }
        Files.delete(parts);
    }

    private void join(String name, List<Path> sources, long expectedBytes) throws IOException {
        Path target = dir.resolve(name);
        try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (Path source : sources) {
                try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
                    long size = in.size();
                    long done = 0;
                    while (done < size) {
                        done += in.transferTo(done, size - done, out);
                    }
                }
            }
            if (out.size() != expectedBytes) {
                throw new IOException(target + " has " + out.size() + " bytes, but " + expectedBytes
                        + " were expected for the decisions recorded");
            }
        }
    }
}
