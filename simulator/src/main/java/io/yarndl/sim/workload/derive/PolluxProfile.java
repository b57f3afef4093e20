package io.yarndl.sim.workload.derive;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Pollux's measured PyTorch DDP step times for one application (petuum/adaptdl,
 * osdi21-artifact @ c793c708, {@code simulator/traces/<app>/}), from both of its files:
 * <ul>
 *   <li>{@code placements.csv} ({@code placement,local_bsz,step_time,sync_time}): small jobs, the
 *       placement written as one digit per node giving that node's GPUs ({@code "13"}: 1 GPU on
 *       one node, 3 on another); the only source of single-node points;</li>
 *   <li>{@code scalability.csv} ({@code num_nodes,num_replicas,local_bsz,step_time,sync_time}):
 *       6 to 16 nodes, up to 64 replicas.</li>
 * </ul>
 */
public final class PolluxProfile {

    /** One measured configuration; times in seconds per step. */
    public record Measurement(String file, int lineNumber, int nodes, int replicas, int localBatch,
                              double stepTime, double syncTime) {

        /**
         * Steps of the reference batch (one replica's {@code localBatch}) per second: the job
         * processes {@code replicas * localBatch} samples every {@code stepTime} seconds.
         */
        public double referenceStepsPerSecond() {
            return replicas / stepTime;
        }
    }

    private PolluxProfile() {
    }

    /** Directory of an application's profile under the data directory. */
    public static Path directory(Path dataDir, String app) {
        return dataDir.resolve("pollux/traces").resolve(app);
    }

    /** Every measurement of {@code app} at {@code localBatch}, placements first, in file order. */
    public static List<Measurement> read(Path dataDir, String app, int localBatch) {
        List<Measurement> out = new ArrayList<>();
        Path dir = directory(dataDir, app);
        for (Measurement m : readFile(dir.resolve("placements.csv"), true)) {
            if (m.localBatch() == localBatch) {
                out.add(m);
            }
        }
        for (Measurement m : readFile(dir.resolve("scalability.csv"), false)) {
            if (m.localBatch() == localBatch) {
                out.add(m);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no measurements of " + app + " at local batch " + localBatch + " in " + dir);
        }
        return out;
    }

    private static List<Measurement> readFile(Path file, boolean placementFormat) {
        String expected = placementFormat ? "placement,local_bsz,step_time,sync_time"
                : "num_nodes,num_replicas,local_bsz,step_time,sync_time";
        List<Measurement> out = new ArrayList<>();
        String label = file.getParent().getFileName() + "/" + file.getFileName();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null || !header.strip().equals(expected)) {
                throw new IllegalArgumentException(label + " line 1: expected header " + expected + ", got " + header);
            }
            String line;
            int lineNumber = 1;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (!line.isBlank()) {
                    out.add(parse(label, lineNumber, line.strip().split(","), placementFormat));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Pollux profile " + file, e);
        }
        return out;
    }

    private static Measurement parse(String label, int lineNumber, String[] f, boolean placementFormat) {
        try {
            if (placementFormat) {
                requireFields(f, 4);
                int nodes = 0;
                int replicas = 0;
                for (char ch : f[0].toCharArray()) {
                    int gpus = Character.digit(ch, 10);
                    if (gpus < 0) {
                        throw new IllegalArgumentException("placement '" + f[0] + "' is not a string of digits");
                    }
                    nodes += gpus > 0 ? 1 : 0;
                    replicas += gpus;
                }
                return new Measurement(label, lineNumber, nodes, replicas, Integer.parseInt(f[1]),
                        Double.parseDouble(f[2]), Double.parseDouble(f[3]));
            }
            requireFields(f, 5);
            return new Measurement(label, lineNumber, Integer.parseInt(f[0]), Integer.parseInt(f[1]),
                    Integer.parseInt(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + " line " + lineNumber + ": " + e.getMessage(), e);
        }
    }

    private static void requireFields(String[] f, int n) {
        if (f.length != n) {
            throw new IllegalArgumentException("expected " + n + " fields, got " + f.length);
        }
    }
}
