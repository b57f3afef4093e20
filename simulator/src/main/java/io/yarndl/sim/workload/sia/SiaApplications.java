package io.yarndl.sim.workload.sia;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The six training applications of Pollux and Sia, read from a data folder of measured profiles
 * ({@code data/sia/traces/<app>/} or {@code data/pollux/traces/<app>/}, see their PROVENANCE.md),
 * each once, when first asked for; {@link ProfileSource} says whose folder it is. What is read
 * from where:
 * <ul>
 *   <li>step times per GPU type: {@code placements-<suffix>.csv} and {@code scalability-<suffix>.csv}
 *       ({@link SiaProfile}, {@link StepTimes}), for each GPU type whose files are there (Pollux's
 *       have no suffix and are T4's);</li>
 *   <li>convergence at each batch size: every {@code validation-<batch>.csv} ({@link ValidationCurves});</li>
 *   <li>from Sia's and Pollux's source ({@code applications.py}): each application's {@code max_epochs}
 *       (the same in both), each one's restart time (Sia's {@code rescale_time}), and the local
 *       batch caps each sets by hand ({@link ProfileSource}).</li>
 * </ul>
 * The pipeline-parallel gpt_pmp is not modelled. Thread-safe.
 */
public final class SiaApplications {

    /** Epochs each application trains: {@code max_epochs} in Sia's and Pollux's {@code applications.py}. */
    public static final Map<String, Integer> MAX_EPOCHS = Collections.unmodifiableMap(new TreeMap<>(Map.of(
            "bert", 2, "cifar10", 100, "deepspeech2", 80, "imagenet", 90, "ncf", 10, "yolov3", 50)));

    /**
     * Seconds to checkpoint and restore a job of each application, Sia's {@code rescale_time}
     * ({@code applications.py}; Pollux's simulator charges every application 30 s).
     */
    public static final Map<String, Double> RESTART_SECONDS = Collections.unmodifiableMap(new TreeMap<>(Map.of(
            "bert", 120.0, "cifar10", 50.0, "deepspeech2", 25.0, "imagenet", 250.0, "ncf", 15.0, "yolov3", 80.0)));

    /**
     * Sia's file suffix of each GPU type: its cluster names, {@code dgx-ext} being its default
     * profile of the A100 (the extended batch sizes; see {@link io.yarndl.sim.workload.GpuTypeNames}).
     */
    public static final Map<String, String> SUFFIX_BY_GPU_TYPE = ProfileSource.SIA.suffixByGpuType();

    private final Path tracesDir;
    private final ProfileSource source;
    private final Map<String, SiaApplication> loaded = new ConcurrentHashMap<>();

    private SiaApplications(Path tracesDir, ProfileSource source) {
        this.tracesDir = tracesDir;
        this.source = source;
    }

    /** Sia's applications under {@code siaDir} (data/sia): profiles in its {@code traces} folder. */
    public static SiaApplications in(Path siaDir) {
        return new SiaApplications(siaDir.resolve("traces"), ProfileSource.SIA);
    }

    /** Pollux's applications under {@code polluxDir} (data/pollux): T4 profiles in its {@code traces} folder. */
    public static SiaApplications pollux(Path polluxDir) {
        return new SiaApplications(polluxDir.resolve("traces"), ProfileSource.POLLUX);
    }

    /** Whose measurements these are. */
    public ProfileSource source() {
        return source;
    }

    /**
     * The application {@code name}, read on first use.
     *
     * @throws IllegalArgumentException for a name the source has not (listing its), or a malformed
     *                                  profile (naming its file and line)
     */
    public SiaApplication get(String name) {
        if (!MAX_EPOCHS.containsKey(name)) {
            throw new IllegalArgumentException("unknown " + source.name() + " application '" + name + "'; known: "
                    + String.join(", ", MAX_EPOCHS.keySet()) + (name.equals("gpt_pmp")
                            ? " (the pipeline-parallel gpt_pmp is not modelled)" : ""));
        }
        return loaded.computeIfAbsent(name, this::load);
    }

    private SiaApplication load(String name) {
        Path dir = tracesDir.resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(source.name() + "'s profiles of " + name + " not found: "
                    + dir.toAbsolutePath());
        }
        int maxEpochs = MAX_EPOCHS.get(name);
        Map<String, StepTimes> stepTimes = new LinkedHashMap<>();
        Map<String, Double> maxLocal = new LinkedHashMap<>();
        for (Map.Entry<String, String> type : source.suffixByGpuType().entrySet()) {
            if (!Files.exists(dir.resolve(SiaProfile.fileName("scalability", type.getValue())))) {
                continue;
            }
            StepTimes times = StepTimes.of(SiaProfile.read(tracesDir, name, type.getValue()));
            stepTimes.put(type.getKey(), times);
            maxLocal.put(type.getKey(), source.maxLocal(name, type.getKey(), times.maxLocalBatch()));
        }
        if (stepTimes.isEmpty()) {
            throw new IllegalArgumentException("no " + SiaProfile.fileName("scalability", "<gpu>") + " of " + name
                    + " in " + dir.toAbsolutePath());
        }
        ValidationCurves curves = ValidationCurves.read(dir, name, maxEpochs, source.name());
        return new SiaApplication(name, maxEpochs, curves, stepTimes, maxLocal, RESTART_SECONDS.get(name),
                source.name());
    }
}
