package io.yarndl.scale.report;

import io.yarndl.scale.run.Probe;
import io.yarndl.scale.run.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The harness's charts, drawn with XChart to PNG, headless: each figure against cluster size
 * (NodeManagers), one line per scheduler and DL job count; and each run's scheduler and RM
 * dispatcher queues over time.
 */
public final class ScaleCharts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;

    /** A figure of {@link RunResult} worth a chart: its file stem, its axis title, how to read it. */
    private record Figure(String file, String axis, ToDoubleFunction<RunResult> value) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("heartbeats", "node heartbeats processed per second", RunResult::nodeUpdatesPerSec),
            new Figure("heartbeat-latency-p99", "nodeHeartbeat() p99 (ms)", RunResult::heartbeatP99Ms),
            new Figure("allocate-latency-p50", "allocate() p50 (ms)", RunResult::allocateP50Ms),
            new Figure("allocate-latency-p99", "allocate() p99 (ms)", RunResult::allocateP99Ms),
            new Figure("containers", "containers allocated per second", RunResult::containersPerSec),
            new Figure("round-p50", "scheduling round p50 (ms)", RunResult::roundP50Ms),
            new Figure("round-p99", "scheduling round p99 (ms)", RunResult::roundP99Ms),
            new Figure("round-cpu-p99", "scheduling round CPU time p99 (ms)", RunResult::roundCpuP99Ms),
            new Figure("scheduler-queue-max", "scheduler event queue, max", r -> r.schedulerQueueMax()),
            new Figure("zk-writes", "ZooKeeper writes per second", RunResult::zkWritesPerSec),
            new Figure("zk-reads", "ZooKeeper reads per second", RunResult::zkReadsPerSec),
            new Figure("heap", "heap after full GC (MB, whole JVM)", RunResult::heapLiveMb));

    private ScaleCharts() {
    }

    public static void write(Path dir, List<RunResult> results) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        for (Figure figure : FIGURES) {
            XYChart chart = chart(figure.axis() + " by cluster size", "NodeManagers (8 GPUs each)", figure.axis());
            Map<String, double[][]> lines = new LinkedHashMap<>();
            for (RunResult r : results) {
                double y = figure.value().applyAsDouble(r);
                if (Double.isNaN(y)) {
                    continue;
                }
                String line = r.scenario().scheduler().label() + ", " + r.scenario().dlJobs() + " DL jobs";
                lines.merge(line, new double[][] {{r.scenario().nodes()}, {y}}, ScaleCharts::append);
            }
            if (lines.isEmpty()) {
                continue;
            }
            lines.forEach((name, xy) -> chart.addSeries(name, xy[0], xy[1]));
            BitmapEncoder.saveBitmap(chart, dir.resolve(figure.file() + ".png").toString(), BitmapFormat.PNG);
        }
        for (RunResult r : results) {
            queuesOverTime(dir.resolve("queues-" + ScaleCsv.name(r) + ".png"), r);
        }
    }

    private static void queuesOverTime(Path file, RunResult r) throws IOException {
        List<Probe> probes = r.probes();
        if (probes.isEmpty()) {
            return;
        }
        XYChart chart = chart("event queues, " + ScaleCsv.name(r), "seconds since start", "events waiting");
        double[] t = probes.stream().mapToDouble(Probe::second).toArray();
        chart.addSeries("scheduler", t, probes.stream().mapToDouble(Probe::schedulerQueue).toArray());
        chart.addSeries("RM dispatcher", t, probes.stream().mapToDouble(Probe::rmQueue).toArray());
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y)
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        return chart;
    }

    private static double[][] append(double[][] a, double[][] b) {
        double[] xs = new double[a[0].length + b[0].length];
        double[] ys = new double[xs.length];
        System.arraycopy(a[0], 0, xs, 0, a[0].length);
        System.arraycopy(b[0], 0, xs, a[0].length, b[0].length);
        System.arraycopy(a[1], 0, ys, 0, a[1].length);
        System.arraycopy(b[1], 0, ys, a[1].length, b[1].length);
        return new double[][] {xs, ys};
    }
}
