package io.yarndl.sim.workload.sia;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads Sia's measured PyTorch DDP step times of one application on one GPU type
 * ({@code siasosp23/artifacts @ aaf7a0d}, {@code sia-simulator/traces/<app>/}, copies under
 * data/sia/traces/, see data/sia/PROVENANCE.md), from both of its files, as Pollux's profiles are
 * read ({@link io.yarndl.sim.workload.derive.PolluxProfile}):
 * <ul>
 *   <li>{@code placements-<suffix>.csv} ({@code placement,local_bsz,step_time,sync_time}): jobs on
 *       one to four nodes, the placement one digit per node giving that node's GPUs ({@code "13"}:
 *       1 GPU on one node, 3 on another); the only source of single-node points for most types;</li>
 *   <li>{@code scalability-<suffix>.csv} ({@code num_nodes,num_replicas,local_bsz,step_time,sync_time}):
 *       larger jobs, up to 64 replicas on 16 nodes of T4.</li>
 * </ul>
 * Columns are found by name (Sia's files order them differently). {@code step_time} is the seconds
 * of one whole step at a local batch of {@code local_bsz} per replica; {@code sync_time} is the part
 * of it spent synchronising gradients, as Sia's and Pollux's simulators read them.
 */
public final class SiaProfile {

    /**
     * One measured configuration; times in seconds per step.
     *
     * @param nodes      nodes the job spanned
     * @param replicas   GPUs (data-parallel replicas) it ran on
     * @param localBatch samples per replica per step
     * @param stepTime   seconds of one step
     * @param syncTime   seconds of that step spent synchronising, at most {@code stepTime}
     * @param placement  the measured placement, one digit per node, smallest first ({@code "13"});
     *                   empty for a row of the scalability file, which names only counts
     */
    public record Measurement(int nodes, int replicas, double localBatch, double stepTime, double syncTime,
                              String placement) {

        public Measurement {
            placement = placement == null ? "" : placement;
        }

        /** A measurement that names only its node and replica counts. */
        public Measurement(int nodes, int replicas, double localBatch, double stepTime, double syncTime) {
            this(nodes, replicas, localBatch, stepTime, syncTime, "");
        }
    }

    static final String[] PLACEMENT_COLUMNS = {"placement", "local_bsz", "step_time", "sync_time"};
    static final String[] SCALABILITY_COLUMNS = {"num_nodes", "num_replicas", "local_bsz", "step_time", "sync_time"};

    private SiaProfile() {
    }

    /**
     * Every measurement of {@code app} on the GPU type whose Sia file suffix is {@code suffix}
     * ({@code aws}, {@code dgx-ext}, ...; empty for Pollux's files, {@link #fileName}), placements
     * first, in file order.
     *
     * @param tracesDir Sia's {@code traces} folder (data/sia/traces)
     * @throws IllegalArgumentException naming the file, line and column of a malformed row
     */
    public static List<Measurement> read(Path tracesDir, String app, String suffix) {
        Path dir = tracesDir.resolve(app);
        List<Measurement> out = new ArrayList<>();
        for (SiaCsv.Row row : SiaCsv.read(dir.resolve(fileName("placements", suffix)), PLACEMENT_COLUMNS)) {
            String placement = row.text("placement");
            int nodes = 0;
            int replicas = 0;
            for (char ch : placement.toCharArray()) {
                int gpus = Character.digit(ch, 10);
                if (gpus < 1) {
                    throw row.fail("placement", "must be digits 1-9, one per node");
                }
                nodes++;
                replicas += gpus;
            }
            if (nodes == 0) {
                throw row.fail("placement", "must be digits 1-9, one per node");
            }
            char[] digits = placement.toCharArray();
            Arrays.sort(digits);
            out.add(measurement(row, nodes, replicas, new String(digits)));
        }
        for (SiaCsv.Row row : SiaCsv.read(dir.resolve(fileName("scalability", suffix)), SCALABILITY_COLUMNS)) {
            int nodes = row.positiveInt("num_nodes");
            int replicas = row.positiveInt("num_replicas");
            if (replicas < nodes) {
                throw row.fail("num_replicas", "must be at least num_nodes " + nodes);
            }
            out.add(measurement(row, nodes, replicas, ""));
        }
        return out;
    }

    /**
     * The file of {@code kind} ({@code placements}, {@code scalability}) for a GPU type's file
     * suffix: {@code placements-aws.csv}, or {@code placements.csv} for the empty suffix (Pollux's
     * profiles, measured on T4s, name no type).
     */
    public static String fileName(String kind, String suffix) {
        return suffix.isEmpty() ? kind + ".csv" : kind + "-" + suffix + ".csv";
    }

    private static Measurement measurement(SiaCsv.Row row, int nodes, int replicas, String placement) {
        double localBatch = row.number("local_bsz", 1);
        double step = row.number("step_time", Double.MIN_VALUE);
        double sync = row.number("sync_time", 0);
        if (sync > step) {
            throw row.fail("sync_time", "exceeds step_time " + step);
        }
        return new Measurement(nodes, replicas, localBatch, step, sync, placement);
    }
}
