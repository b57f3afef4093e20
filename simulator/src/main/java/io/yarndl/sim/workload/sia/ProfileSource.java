package io.yarndl.sim.workload.sia;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Whose measurements of the six applications a data folder holds, and how its files are named:
 * Sia's ({@code data/sia/traces}, a file per GPU type) or Pollux's ({@code data/pollux/traces},
 * measured on AWS g4dn T4 nodes, files without a type suffix). Both projects' simulators read
 * them the same way; they differ only in what each sets by hand in its {@code applications.py}.
 *
 * @param name              who measured, for messages ({@code Sia}, {@code Pollux})
 * @param suffixByGpuType   the file suffix of each GPU type measured ({@code ""}: {@code placements.csv})
 * @param maxLocalOverrides local batch caps set by hand, per application and GPU type
 */
public record ProfileSource(String name, Map<String, String> suffixByGpuType,
                            Map<String, Map<String, Double>> maxLocalOverrides) {

    /**
     * Sia's (siasosp23/artifacts, {@code sia-simulator/applications.py}): five GPU types named by
     * its clusters ({@code dgx-ext} its default A100 profile), and deepspeech2 on RTX 2080Ti capped
     * at a local batch of 57.
     */
    public static final ProfileSource SIA = new ProfileSource("Sia", Map.of(
            "T4", "aws", "V100", "azure", "A100", "dgx-ext", "QUADRO", "quad", "RTX", "rtx"),
            Map.of("deepspeech2", Map.of("RTX", 57.0)));

    /**
     * Pollux's (petuum/adaptdl, osdi21-artifact, {@code simulator/applications.py}): T4 only, and
     * yolov3 capped at a local batch of 8 ({@code max_local_bsz=8}).
     */
    public static final ProfileSource POLLUX = new ProfileSource("Pollux", Map.of("T4", ""),
            Map.of("yolov3", Map.of("T4", 8.0)));

    public ProfileSource {
        Objects.requireNonNull(name, "name");
        suffixByGpuType = Collections.unmodifiableMap(new TreeMap<>(suffixByGpuType));
        maxLocalOverrides = Map.copyOf(maxLocalOverrides);
    }

    /** The local batch cap set by hand for {@code app} on {@code gpuType}, or {@code measured}. */
    double maxLocal(String app, String gpuType, double measured) {
        return maxLocalOverrides.getOrDefault(app, Map.of()).getOrDefault(gpuType, measured);
    }
}
