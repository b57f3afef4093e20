package io.yarndl.sim.workload.sia;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sia's applications, read from its profiles under a data folder ({@code data/sia/traces/<app>/},
 * see data/sia/PROVENANCE.md), each once, when first asked for. What is read from where:
 * <ul>
 *   <li>step times per GPU type: {@code placements-<suffix>.csv} and {@code scalability-<suffix>.csv}
 *       ({@link SiaProfile}, {@link StepTimes}), for each GPU type whose files are there;</li>
 *   <li>iterations to completion: row {@code max_epochs} of each {@code validation-<batch>.csv}
 *       ({@link SiaApplication});</li>
 *   <li>from Sia's source ({@code applications.py}): each application's {@code max_epochs}, and the
 *       one local batch cap it sets by hand (deepspeech2 on RTX 2080Ti: 57).</li>
 * </ul>
 * The pipeline-parallel gpt_pmp is not modelled. Thread-safe.
 */
public final class SiaApplications {

    /** Epochs each application trains: {@code max_epochs} in Sia's {@code applications.py}. */
    public static final Map<String, Integer> MAX_EPOCHS = Collections.unmodifiableMap(new TreeMap<>(Map.of(
            "bert", 2, "cifar10", 100, "deepspeech2", 80, "imagenet", 90, "ncf", 10, "yolov3", 50)));

    /**
     * Sia's file suffix of each GPU type: its cluster names, {@code dgx-ext} being its default
     * profile of the A100 (the extended batch sizes; see {@link io.yarndl.sim.workload.GpuTypeNames}).
     */
    public static final Map<String, String> SUFFIX_BY_GPU_TYPE = Collections.unmodifiableMap(new TreeMap<>(Map.of(
            "T4", "aws", "V100", "azure", "A100", "dgx-ext", "QUADRO", "quad", "RTX", "rtx")));

    /** Local batch caps Sia sets by hand ({@code applications.py}), per application and GPU type. */
    static final Map<String, Map<String, Double>> MAX_LOCAL_OVERRIDES = Map.of("deepspeech2", Map.of("RTX", 57.0));

    private static final Pattern VALIDATION = Pattern.compile("validation-(\\d+)\\.csv");

    private final Path tracesDir;
    private final Map<String, SiaApplication> loaded = new ConcurrentHashMap<>();

    private SiaApplications(Path tracesDir) {
        this.tracesDir = tracesDir;
    }

    /** Sia's applications under {@code siaDir} (data/sia): profiles in its {@code traces} folder. */
    public static SiaApplications in(Path siaDir) {
        return new SiaApplications(siaDir.resolve("traces"));
    }

    /**
     * The application {@code name}, read on first use.
     *
     * @throws IllegalArgumentException for a name Sia has not (listing Sia's), or a malformed profile
     *                                  (naming its file and line)
     */
    public SiaApplication get(String name) {
        if (!MAX_EPOCHS.containsKey(name)) {
            throw new IllegalArgumentException("unknown Sia application '" + name + "'; known: "
                    + String.join(", ", MAX_EPOCHS.keySet()) + (name.equals("gpt_pmp")
                            ? " (the pipeline-parallel gpt_pmp is not modelled)" : ""));
        }
        return loaded.computeIfAbsent(name, this::load);
    }

    private SiaApplication load(String name) {
        Path dir = tracesDir.resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("Sia's profiles of " + name + " not found: " + dir.toAbsolutePath());
        }
        int maxEpochs = MAX_EPOCHS.get(name);
        Map<String, StepTimes> stepTimes = new LinkedHashMap<>();
        Map<String, Double> maxLocal = new LinkedHashMap<>();
        for (Map.Entry<String, String> type : SUFFIX_BY_GPU_TYPE.entrySet()) {
            if (!Files.exists(dir.resolve("scalability-" + type.getValue() + ".csv"))) {
                continue;
            }
            StepTimes times = StepTimes.of(SiaProfile.read(tracesDir, name, type.getValue()));
            stepTimes.put(type.getKey(), times);
            maxLocal.put(type.getKey(), MAX_LOCAL_OVERRIDES.getOrDefault(name, Map.of())
                    .getOrDefault(type.getKey(), times.maxLocalBatch()));
        }
        if (stepTimes.isEmpty()) {
            throw new IllegalArgumentException("no scalability-<gpu>.csv of " + name + " in " + dir.toAbsolutePath());
        }
        return new SiaApplication(name, maxEpochs, iterations(dir, maxEpochs), stepTimes, maxLocal);
    }

    /** Iterations after the last epoch, per validated batch size. */
    private static NavigableMap<Integer, Double> iterations(Path dir, int maxEpochs) {
        NavigableMap<Integer, Double> out = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "validation-*.csv")) {
            for (Path file : files) {
                Matcher m = VALIDATION.matcher(file.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                List<SiaCsv.Row> rows = SiaCsv.read(file, "iteration");
                if (rows.size() < maxEpochs) {
                    throw new IllegalArgumentException(file + ": has " + rows.size() + " epochs; "
                            + dir.getFileName() + " trains " + maxEpochs);
                }
                out.put(Integer.parseInt(m.group(1)), rows.get(maxEpochs - 1).number("iteration", 1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no validation-<batch>.csv in " + dir.toAbsolutePath());
        }
        return out;
    }
}
