package io.yarndl.sim.papers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The suites {@code yarn-dl papers} knows: Pollux's 8 workloads at relative load 1.0 on its
 * 16 x 4 T4 cluster (OSDI'21, Section 5.3's simulator study), and Sia's 8 Philly-derived and
 * 10 Helios-Saturn-derived workloads on its 64-GPU heterogeneous cluster (SOSP'23, Table 3), all
 * from the copies in {@code data/} (their PROVENANCE.md).
 */
public final class PaperSuites {

    public static final String POLLUX = "pollux";
    public static final String SIA_PHILLY = "sia-philly";
    public static final String SIA_SATURN = "sia-saturn";

    /** Pollux's cluster: 16 AWS g4dn.12xlarge nodes of 4 T4s, where its profiles were measured. */
    public static final String POLLUX_CLUSTER = "t4:16x4";
    /** Sia's heterogeneous cluster: 6 nodes of 4 T4s, 2 DGX of 8 A100s, 3 nodes of 8 RTX 2080Ti. */
    public static final String SIA_CLUSTER = "t4:6x4,a100:2x8,rtx:3x8";

    private PaperSuites() {
    }

    /** Every suite by name, in the order they run and print; their files are not checked here ({@link #check}). */
    public static Map<String, PaperSuite> all(Path polluxData, Path siaData) {
        Map<String, PaperSuite> suites = new LinkedHashMap<>();
        add(suites, new PaperSuite(POLLUX, "Pollux's workloads (OSDI'21, load 1.0)", POLLUX_CLUSTER,
                "pollux-workload:%d", files(polluxData.resolve("workloads"), 8), polluxData, true, false));
        add(suites, new PaperSuite(SIA_PHILLY, "Sia's Philly workloads (SOSP'23)", SIA_CLUSTER, "sia-philly:%d",
                files(siaData.resolve("workloads").resolve("philly"), 8), siaData, false, true));
        add(suites, new PaperSuite(SIA_SATURN, "Sia's Saturn (Helios) workloads (SOSP'23)", SIA_CLUSTER,
                "sia-saturn:%d", files(siaData.resolve("workloads").resolve("saturn"), 10), siaData, false, true));
        return suites;
    }

    /**
     * Checks that every workload file and the profiles' folder of {@code suite} exist.
     *
     * @throws IllegalArgumentException naming the first missing one and the option that sets its folder
     */
    public static void check(PaperSuite suite) {
        String option = suite.polluxProfiles() ? "--pollux-data" : "--sia-data";
        Path traces = suite.dataDir().resolve("traces");
        if (!Files.isDirectory(traces)) {
            throw new IllegalArgumentException(suite.name() + ": profiles not found: " + traces.toAbsolutePath().normalize()
                    + " (set " + option + ", or YARNDL_DATA to the repository's data/ folder)");
        }
        for (Path file : suite.workloads()) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException(suite.name() + ": workload not found: "
                        + file.toAbsolutePath().normalize() + " (set " + option + ")");
            }
        }
    }

    private static void add(Map<String, PaperSuite> suites, PaperSuite suite) {
        suites.put(suite.name(), suite);
    }

    /** {@code folder/workload-1.csv} to {@code workload-<count>.csv}, in order. */
    public static List<Path> files(Path folder, int count) {
        List<Path> files = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            files.add(folder.resolve("workload-" + n + ".csv"));
        }
        return files;
    }
}
