package io.yarndl.it.toyam;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Command-line options of {@link ToyElasticAppMaster}; {@link #USAGE} lists them. Parsing is plain
 * code (picocli is not on this module's classpath) and throws {@link IllegalArgumentException} with
 * a message naming the bad option.
 *
 * @param heartbeatMs         interval of the AM's allocate heartbeat to the RM
 * @param reportIntervalMs    how often the synthetic job advances and writes a progress sample
 * @param stepsPerSecond      s1: speed of one worker, in steps per second
 * @param scalingOverhead     c in {@code steps/s(w) = w*s1/(1 + c*(w-1))}
 * @param lossB0              b0 in {@code loss(k) = 1/(b0*k + b1) + b2}
 * @param lossB1              b1 of the loss curve
 * @param lossB2              b2 of the loss curve (the loss it converges to)
 * @param releaseOnPreemptMs  delay before releasing a container named in a preemption message;
 *                            -1: never release, let the scheduler kill it
 * @param events              file the event log is appended to, or null for none
 * @param workerCommand       shell command each worker container runs until it is stopped
 * @param speedByGpuType      the job's speed on each GPU type its workers may run on, relative to
 *                            {@code stepsPerSecond} (e.g. K80 0.1: ten times slower there); 1 for any
 *                            type not named, or when the workers' type is not known
 */
public record ToyAmOptions(int heartbeatMs, long reportIntervalMs, double stepsPerSecond, double scalingOverhead,
                           double lossB0, double lossB1, double lossB2, long releaseOnPreemptMs, Path events,
                           String workerCommand, Map<String, Double> speedByGpuType) {

    public static final String USAGE = String.join("\n",
            "usage: ToyElasticAppMaster [options]   (job spec and ZooKeeper come from the environment)",
            "  --help                      print this and exit",
            "  --heartbeat-ms N            RM heartbeat interval (default 250)",
            "  --report-interval-ms N      progress period (default 1000)",
            "  --steps-per-second X        s1, one worker's speed (default 10)",
            "  --scaling-overhead X        c in w*s1/(1+c*(w-1)) (default 0.1)",
            "  --loss-b0 X --loss-b1 X --loss-b2 X   loss(k) = 1/(b0*k+b1)+b2 (defaults 0.01, 1, 0.1)",
            "  --release-on-preempt-ms N   release preempted containers after N ms; -1 never (default 0)",
            "  --events FILE               append the event log to FILE",
            "  --worker-command CMD        what a worker container runs (default 'sleep 86400')",
            "  --speed-by-gpu-type T=X,... speed on GPU type T relative to --steps-per-second (default 1 on every type)");

    public ToyAmOptions {
        require(heartbeatMs > 0, "--heartbeat-ms must be positive, got " + heartbeatMs);
        require(reportIntervalMs > 0, "--report-interval-ms must be positive, got " + reportIntervalMs);
        require(stepsPerSecond > 0 && Double.isFinite(stepsPerSecond),
                "--steps-per-second must be positive, got " + stepsPerSecond);
        require(scalingOverhead >= 0 && Double.isFinite(scalingOverhead),
                "--scaling-overhead must be non-negative, got " + scalingOverhead);
        require(lossB0 > 0 && Double.isFinite(lossB0), "--loss-b0 must be positive, got " + lossB0);
        require(lossB1 > 0 && Double.isFinite(lossB1), "--loss-b1 must be positive, got " + lossB1);
        require(lossB2 >= 0 && Double.isFinite(lossB2), "--loss-b2 must be non-negative, got " + lossB2);
        require(releaseOnPreemptMs >= -1, "--release-on-preempt-ms must be -1 or more, got " + releaseOnPreemptMs);
        require(workerCommand != null && !workerCommand.isBlank(), "--worker-command must not be empty");
        speedByGpuType = Map.copyOf(speedByGpuType);
        speedByGpuType.forEach((type, factor) -> require(factor > 0 && Double.isFinite(factor),
                "--speed-by-gpu-type must give positive factors, got " + type + "=" + factor));
    }

    /** The job's speed on {@code gpuType} relative to {@link #stepsPerSecond}. */
    public double speedOn(String gpuType) {
        return speedByGpuType.getOrDefault(gpuType, 1.0);
    }

    /** All defaults, no event log. */
    public static ToyAmOptions defaults() {
        return new ToyAmOptions(250, 1000, 10, 0.1, 0.01, 1, 0.1, 0, null, "sleep 86400", Map.of());
    }

    /** Parses {@code --name value} pairs over the defaults. */
    public static ToyAmOptions parse(String... args) {
        ToyAmOptions o = defaults();
        int heartbeat = o.heartbeatMs;
        long report = o.reportIntervalMs;
        double s1 = o.stepsPerSecond;
        double c = o.scalingOverhead;
        double b0 = o.lossB0;
        double b1 = o.lossB1;
        double b2 = o.lossB2;
        long release = o.releaseOnPreemptMs;
        Path events = o.events;
        String command = o.workerCommand;
        Map<String, Double> speeds = o.speedByGpuType;
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name.startsWith("--")
                        ? "option " + name + " needs a value" : "unexpected argument '" + name + "'");
            }
            String value = args[i + 1];
            switch (name) {
                case "--heartbeat-ms" -> heartbeat = (int) number(name, value);
                case "--report-interval-ms" -> report = number(name, value);
                case "--steps-per-second" -> s1 = decimal(name, value);
                case "--scaling-overhead" -> c = decimal(name, value);
                case "--loss-b0" -> b0 = decimal(name, value);
                case "--loss-b1" -> b1 = decimal(name, value);
                case "--loss-b2" -> b2 = decimal(name, value);
                case "--release-on-preempt-ms" -> release = number(name, value);
                case "--events" -> events = Path.of(value);
                case "--worker-command" -> command = value;
                case "--speed-by-gpu-type" -> speeds = speeds(name, value);
                default -> throw new IllegalArgumentException("unknown option '" + name + "'");
            }
        }
        return new ToyAmOptions(heartbeat, report, s1, c, b0, b1, b2, release, events, command, speeds);
    }

    /** The arguments that {@link #parse} turns back into these options. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--heartbeat-ms", Integer.toString(heartbeatMs),
                "--report-interval-ms", Long.toString(reportIntervalMs),
                "--steps-per-second", Double.toString(stepsPerSecond),
                "--scaling-overhead", Double.toString(scalingOverhead),
                "--loss-b0", Double.toString(lossB0),
                "--loss-b1", Double.toString(lossB1),
                "--loss-b2", Double.toString(lossB2),
                "--release-on-preempt-ms", Long.toString(releaseOnPreemptMs),
                "--worker-command", workerCommand));
        if (events != null) {
            args.add("--events");
            args.add(events.toString());
        }
        if (!speedByGpuType.isEmpty()) {
            args.add("--speed-by-gpu-type");
            args.add(String.join(",", new TreeMap<>(speedByGpuType).entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).toList()));
        }
        return args;
    }

    public ToyAmOptions withEvents(Path file) {
        return new ToyAmOptions(heartbeatMs, reportIntervalMs, stepsPerSecond, scalingOverhead, lossB0, lossB1,
                lossB2, releaseOnPreemptMs, file, workerCommand, speedByGpuType);
    }

    public ToyAmOptions withSpeed(double stepsPerSecond, double scalingOverhead) {
        return new ToyAmOptions(heartbeatMs, reportIntervalMs, stepsPerSecond, scalingOverhead, lossB0, lossB1,
                lossB2, releaseOnPreemptMs, events, workerCommand, speedByGpuType);
    }

    public ToyAmOptions withLoss(double b0, double b1, double b2) {
        return new ToyAmOptions(heartbeatMs, reportIntervalMs, stepsPerSecond, scalingOverhead, b0, b1, b2,
                releaseOnPreemptMs, events, workerCommand, speedByGpuType);
    }

    public ToyAmOptions withReleaseOnPreemptMs(long delayMs) {
        return new ToyAmOptions(heartbeatMs, reportIntervalMs, stepsPerSecond, scalingOverhead, lossB0, lossB1,
                lossB2, delayMs, events, workerCommand, speedByGpuType);
    }

    public ToyAmOptions withIntervals(int heartbeatMs, long reportIntervalMs) {
        return new ToyAmOptions(heartbeatMs, reportIntervalMs, stepsPerSecond, scalingOverhead, lossB0, lossB1,
                lossB2, releaseOnPreemptMs, events, workerCommand, speedByGpuType);
    }

    /** The same, training at {@code factor} times its speed on each GPU type named. */
    public ToyAmOptions withSpeedByGpuType(Map<String, Double> factors) {
        return new ToyAmOptions(heartbeatMs, reportIntervalMs, stepsPerSecond, scalingOverhead, lossB0, lossB1,
                lossB2, releaseOnPreemptMs, events, workerCommand, factors);
    }

    private static Map<String, Double> speeds(String name, String value) {
        Map<String, Double> speeds = new TreeMap<>();
        for (String entry : value.split(",")) {
            String[] parts = entry.split("=", 2);
            if (parts.length != 2 || parts[0].isBlank()) {
                throw new IllegalArgumentException(name + " needs TYPE=FACTOR,..., got '" + value + "'");
            }
            speeds.put(parts[0].trim(), decimal(name, parts[1]));
        }
        return speeds;
    }

    private static long number(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a whole number, got '" + value + "'");
        }
    }

    private static double decimal(String name, String value) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a number, got '" + value + "'");
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
