package io.yarndl.sim.dl2;

import io.yarndl.sim.papers.PaperSuite;
import io.yarndl.sim.papers.PaperSuites;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The episodes DL2 learns Pollux's and Sia's kind of scheduling from: their own workload files, but
 * never those {@code bin/yarn-dl papers} reports on (Pollux's {@code workloads/} at load 1.0, Sia's
 * Philly and Saturn ones). Pollux's are its workloads at the other relative loads
 * ({@code workloads-0.5/}, {@code -1.5/}, {@code -2.0/}, 24 files) on its 16 x 4 T4 cluster; Sia's
 * are its {@code newtrace} workloads (10 files) on its heterogeneous cluster, the first
 * {@link #SIA_JOBS} jobs of each (a whole one is 960 jobs, too long an episode). Workload seed
 * {@code s} plays file {@code (s - 1) mod count}; every job adapts its batch (Pollux's co-adaptation).
 *
 * @param suite the files, cluster and profiles
 * @param limit jobs kept from the start of each file, or null for all
 */
record PaperEpisodes(PaperSuite suite, Integer limit) {

    /** Jobs kept of a Sia {@code newtrace} workload. */
    static final int SIA_JOBS = 160;
    /** The papers' round: 60 s, as {@code bin/yarn-dl papers} runs. */
    static final double INTERVAL_SEC = 60;

    /** Pollux's workloads at relative loads 0.5, 1.5 and 2.0 under {@code data}. */
    static PaperEpisodes pollux(Path data) {
        Path pollux = data.resolve("pollux");
        List<Path> files = new ArrayList<>();
        for (String load : List.of("0.5", "1.5", "2.0")) {
            files.addAll(PaperSuites.files(pollux.resolve("workloads-" + load), 8));
        }
        return new PaperEpisodes(new PaperSuite("pollux-other-loads", "Pollux's workloads at loads 0.5, 1.5, 2.0",
                PaperSuites.POLLUX_CLUSTER, "pollux-workload-LOAD:%d", files, pollux, true, false), null);
    }

    /** Sia's {@code newtrace} workloads under {@code data}. */
    static PaperEpisodes sia(Path data) {
        Path sia = data.resolve("sia");
        return new PaperEpisodes(new PaperSuite("sia-newtrace", "Sia's newtrace workloads", PaperSuites.SIA_CLUSTER,
                "sia-newtrace:%d", PaperSuites.files(sia.resolve("workloads").resolve("newtrace"), 10), sia, false, true),
                SIA_JOBS);
    }

    /**
     * The jobs of workload seed {@code seed}.
     *
     * @throws IllegalStateException naming the file when it or its profiles cannot be read
     */
    List<TraceJob> jobs(long seed) {
        int index = (int) Math.floorMod(seed - 1, (long) suite.workloads().size());
        Path file = suite.workloads().get(index);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(suite.title() + ": workload file not found: " + file.toAbsolutePath()
                    + " (set YARNDL_DATA to the repository's data/ folder)");
        }
        try {
            SiaJobTypes types = suite.jobTypes(false);
            return suite.jobs(index, types, limit);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        }
    }
}
