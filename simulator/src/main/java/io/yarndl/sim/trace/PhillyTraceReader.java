package io.yarndl.sim.trace;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ElasticBounds;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The Microsoft Philly trace as Pollux's artifact distributes it ({@code pollux/traces/philly.csv}
 * in the repository's data/, from petuum/adaptdl, branch osdi21-artifact, Apache-2.0), replayed as a
 * yarn-dl workload over a given job mix.
 *
 * <h2>Input</h2>
 * CSV with header {@code timestamp,duration,num_gpus,gpu_time,cluster} (columns found by name;
 * blank lines ignored): {@code timestamp} is the submission time {@code yyyy-MM-dd HH:mm:ss},
 * {@code duration} the run time in seconds, {@code num_gpus} the GPUs it used, {@code cluster} the
 * virtual cluster; {@code gpu_time} is ignored. The file holds 82,247 jobs and is <em>not</em>
 * sorted by timestamp.
 *
 * <h2>Each row becomes a job</h2>
 * <ul>
 *   <li>id {@code philly-NNNNN}, the row's 0-based position among the file's data rows;</li>
 *   <li>arrival = its timestamp minus the earliest timestamp, in seconds (timestamps read as UTC,
 *       so no daylight-saving jump distorts gaps);</li>
 *   <li>user = {@code vc-<cluster>}: the trace has no users, and its virtual clusters are the
 *       tenants that Philly divided GPUs between;</li>
 *   <li>type: chosen from the mix by a hash of ({@code seed}, row index), uniformly among the types
 *       whose {@link JobType#maxWorkers()} reaches {@code num_gpus} (all types when none does), so
 *       the same seed gives the same types whatever order the rows are read or replayed in;</li>
 *   <li>requested workers = {@code num_gpus}; parameter servers and the elastic range by
 *       {@link ElasticBounds#forRequest} (PS types ask for {@code ceil(w/2)} servers, capped at the
 *       type's maximum);</li>
 *   <li>{@code requiredSteps = max(1, round(duration × speed(w, ps, 1)))}: at its requested size,
 *       alone on one node, the job runs exactly as long as it ran in Philly.</li>
 * </ul>
 *
 * <h2>Memory</h2>
 * Rows are held in primitive arrays, not objects: per row one {@code long} (arrival and row index
 * packed into a sort key), one {@code double} (duration), one {@code int} (GPUs) and one
 * {@code short} (virtual cluster): 22 bytes, about 1.8 MB for the whole trace, plus up to twice
 * that briefly while the arrays grow during the read. Jobs are made only as the iterator reaches
 * them, so replaying holds one {@link TraceJob} at a time.
 */
public final class PhillyTraceReader implements Iterable<TraceJob> {

    /** The file inside the data folder. */
    public static final String RELATIVE_PATH = "pollux/traces/philly.csv";

    private static final String[] COLUMNS = {"timestamp", "duration", "num_gpus", "cluster"};

    private final List<JobType> mix;
    private final long seed;
    /** Sorted: arrival seconds in the high 32 bits, row index in the low 32 (ties keep file order). */
    private final long[] keys;
    private final double[] durations;
    private final int[] gpus;
    private final short[] clusters;
    private final String[] clusterNames;

    private PhillyTraceReader(List<JobType> mix, long seed, long[] keys, double[] durations, int[] gpus,
                              short[] clusters, String[] clusterNames) {
        this.mix = mix;
        this.seed = seed;
        this.keys = keys;
        this.durations = durations;
        this.gpus = gpus;
        this.clusters = clusters;
        this.clusterNames = clusterNames;
    }

    /** The trace's file under a data folder such as the repository's {@code data/}. */
    public static Path defaultFile(Path dataDir) {
        return dataDir.resolve(RELATIVE_PATH);
    }

    /**
     * Reads and sorts the whole file (a second or less for Philly); jobs are then made lazily.
     *
     * @param file the CSV file
     * @param mix  job types to assign, in a fixed order (the order is part of what the seed decides)
     * @param seed decides each row's type
     * @throws TraceFormatException on a malformed row, naming the line, column and value
     */
    public static PhillyTraceReader load(Path file, List<JobType> mix, long seed) throws IOException {
        if (mix.isEmpty()) {
            throw new IllegalArgumentException("the job mix is empty");
        }
        String source = file.toString();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new Loader(source).read(in).sorted(List.copyOf(mix), seed);
        }
    }

    /**
     * A cluster to replay the trace on: 313 nodes of 8 GPUs, 2,504 GPUs, about the size of the
     * Philly cluster the trace comes from as reported by Jeon et al., "Analysis of Large-Scale
     * Multi-Tenant GPU Clusters for DNN Training Workloads", USENIX ATC'19 (roughly 2,500 GPUs; the
     * exact count was not re-checked against the paper when this was written). Philly mixed 2- and
     * 8-GPU machines; one node shape keeps the simulation simple. CPU (64 vcores) and memory (512 GiB) per node are
     * generous on purpose: the trace records GPUs only, so GPUs should be the binding resource.
     * Racks of 16 nodes and the accelerator name {@code gpu} are assumptions, not from the paper.
     */
    public static ClusterSpec recommendedCluster() {
        return new ClusterSpec(313, Resources.of(8, 64, 512L * 1024), 16, "gpu");
    }

    /** Jobs in the trace. */
    public int size() {
        return keys.length;
    }

    /** Arrival of the last job, seconds after the first. */
    public double spanSec() {
        return keys.length == 0 ? 0 : keys[keys.length - 1] >>> 32;
    }

    /** Jobs in arrival order (ties in file order), each made when reached. */
    @Override
    public Iterator<TraceJob> iterator() {
        return new Iterator<>() {
            private int position;

            @Override
            public boolean hasNext() {
                return position < keys.length;
            }

            @Override
            public TraceJob next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("all " + keys.length + " Philly jobs returned");
                }
                long key = keys[position++];
                return job((int) key, key >>> 32);
            }
        };
    }

    private TraceJob job(int row, long arrivalSec) {
        int workers = gpus[row];
        JobType type = typeFor(row, workers);
        ElasticBounds bounds = ElasticBounds.forRequest(type, workers);
        double speed = type.speed().stepsPerSecond(workers, bounds.requestedPs(), 1);
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalStateException("true speed of " + type.name() + " at " + workers + " workers and "
                    + bounds.requestedPs() + " PS is " + speed + ", not a positive number");
        }
        long steps = Math.max(1, Math.round(durations[row] * speed));
        String number = Integer.toString(row);
        String id = "philly-" + "0".repeat(Math.max(0, 5 - number.length())) + number;
        return new TraceJob(id, arrivalSec, "vc-" + clusterNames[clusters[row]], type,
                workers, bounds.requestedPs(), bounds.minWorkers(), bounds.maxWorkers(), bounds.minPs(),
                bounds.maxPs(), steps);
    }

    private JobType typeFor(int row, int workers) {
        int eligible = 0;
        for (JobType type : mix) {
            if (type.maxWorkers() >= workers) {
                eligible++;
            }
        }
        boolean anyFits = eligible > 0;
        int pick = (int) (unitHash(seed, row) * (anyFits ? eligible : mix.size()));
        for (JobType type : mix) {
            if (!anyFits || type.maxWorkers() >= workers) {
                if (pick-- == 0) {
                    return type;
                }
            }
        }
        throw new AssertionError("type pick out of range");
    }

    /** A uniform number in [0, 1) from (seed, row): SplitMix64's finaliser over a Weyl step. */
    private static double unitHash(long seed, int row) {
        long z = seed + (row + 1L) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }

    /** Parses rows into growing primitive arrays. */
    private static final class Loader {
        private final String source;
        private long[] epochs = new long[1 << 14];
        private double[] durations = new double[1 << 14];
        private int[] gpus = new int[1 << 14];
        private short[] clusters = new short[1 << 14];
        private final Map<String, Short> clusterIds = new HashMap<>();
        private final List<String> clusterNames = new ArrayList<>();
        private final int[] columnIndex = new int[COLUMNS.length];
        private List<String> names;
        private int rows;
        private long lineNumber;
        private long minEpoch = Long.MAX_VALUE;

        Loader(String source) {
            this.source = source;
        }

        Loader read(BufferedReader in) throws IOException {
            String header = in.readLine();
            lineNumber = 1;
            if (header == null) {
                throw new TraceFormatException(source, 1, null, null, "empty file: expected a header with "
                        + String.join(",", COLUMNS));
            }
            names = Arrays.stream(header.replace("\uFEFF", "").split(",", -1)).map(String::strip).toList();
            for (int c = 0; c < COLUMNS.length; c++) {
                columnIndex[c] = names.indexOf(COLUMNS[c]);
                if (columnIndex[c] < 0) {
                    throw new TraceFormatException(source, 1, COLUMNS[c], null, "header lacks this column");
                }
            }
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (!line.isBlank()) {
                    add(line.split(",", -1), line);
                }
            }
            return this;
        }

        private void add(String[] fields, String line) {
            if (fields.length != names.size()) {
                // Name the first absent column (or the first extra field) so the message points somewhere.
                String column = fields.length < names.size() ? names.get(fields.length) : "(beyond the header)";
                throw error(column, line, "row has " + fields.length + " fields, the header " + names.size());
            }
            String timestamp = fields[columnIndex[0]].strip();
            long epoch = epochSeconds(timestamp);
            String durationText = fields[columnIndex[1]].strip();
            double duration;
            try {
                duration = Double.parseDouble(durationText);
            } catch (NumberFormatException e) {
                duration = Double.NaN;
            }
            if (!(duration > 0) || Double.isInfinite(duration)) {
                throw error("duration", durationText, "not a positive finite number of seconds");
            }
            String gpuText = fields[columnIndex[2]].strip();
            int gpuCount;
            try {
                gpuCount = Integer.parseInt(gpuText);
            } catch (NumberFormatException e) {
                gpuCount = 0;
            }
            if (gpuCount < 1) {
                throw error("num_gpus", gpuText, "not a whole number of GPUs >= 1");
            }
            String cluster = fields[columnIndex[3]].strip();
            if (cluster.isEmpty()) {
                throw error("cluster", cluster, "must not be empty");
            }
            if (rows == epochs.length) {
                int capacity = rows * 2;
                epochs = Arrays.copyOf(epochs, capacity);
                durations = Arrays.copyOf(durations, capacity);
                gpus = Arrays.copyOf(gpus, capacity);
                clusters = Arrays.copyOf(clusters, capacity);
            }
            epochs[rows] = epoch;
            durations[rows] = duration;
            gpus[rows] = gpuCount;
            clusters[rows] = clusterId(cluster);
            minEpoch = Math.min(minEpoch, epoch);
            rows++;
        }

        /**
         * Parses by position rather than with {@code DateTimeFormatter}, which took most of the
         * load time; {@link LocalDate#of} still rejects impossible dates.
         */
        private long epochSeconds(String timestamp) {
            if (timestamp.length() == 19 && timestamp.charAt(4) == '-' && timestamp.charAt(7) == '-'
                    && timestamp.charAt(10) == ' ' && timestamp.charAt(13) == ':' && timestamp.charAt(16) == ':') {
                int year = digits(timestamp, 0, 4);
                int month = digits(timestamp, 5, 7);
                int day = digits(timestamp, 8, 10);
                int hour = digits(timestamp, 11, 13);
                int minute = digits(timestamp, 14, 16);
                int second = digits(timestamp, 17, 19);
                if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && hour < 24 && minute >= 0 && minute < 60
                        && second >= 0 && second < 60) {
                    try {
                        return LocalDate.of(year, month, day).toEpochDay() * 86_400L + hour * 3_600L + minute * 60L + second;
                    } catch (DateTimeException e) {
                        // an impossible date: reported below like any other bad timestamp
                    }
                }
            }
            throw error("timestamp", timestamp, "not a time of the form yyyy-MM-dd HH:mm:ss");
        }

        /** The decimal number in {@code text[from, to)}, or -1 if any character is not a digit. */
        private static int digits(String text, int from, int to) {
            int value = 0;
            for (int i = from; i < to; i++) {
                char ch = text.charAt(i);
                if (ch < '0' || ch > '9') {
                    return -1;
                }
                value = value * 10 + (ch - '0');
            }
            return value;
        }

        private short clusterId(String cluster) {
            Short id = clusterIds.get(cluster);
            if (id == null) {
                if (clusterNames.size() > Short.MAX_VALUE) {
                    throw error("cluster", cluster, "more than " + Short.MAX_VALUE + " distinct clusters");
                }
                id = (short) clusterNames.size();
                clusterIds.put(cluster, id);
                clusterNames.add(cluster);
            }
            return id;
        }

        /** Turns the epochs into sort keys in place, so sorting needs no second array of boxed indices. */
        PhillyTraceReader sorted(List<JobType> mix, long seed) {
            long[] keys = Arrays.copyOf(epochs, rows);
            epochs = null;
            for (int row = 0; row < rows; row++) {
                long arrival = keys[row] - minEpoch;
                if (arrival > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(source + ": timestamps span more than 68 years");
                }
                keys[row] = arrival << 32 | row;
            }
            Arrays.sort(keys);
            return new PhillyTraceReader(mix, seed, keys, Arrays.copyOf(durations, rows), Arrays.copyOf(gpus, rows),
                    Arrays.copyOf(clusters, rows), clusterNames.toArray(new String[0]));
        }

        private TraceFormatException error(String column, String value, String problem) {
            return new TraceFormatException(source, lineNumber, column, value, problem);
        }
    }
}
