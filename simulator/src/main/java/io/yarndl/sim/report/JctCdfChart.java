package io.yarndl.sim.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The JCT CDF chart of a run: one step line per policy, x the job completion time in hours on a
 * log scale (JCTs span minutes to weeks), y the fraction of jobs done by then. Drawn with XChart
 * to a PNG, headless.
 *
 * <p>Each line is thinned to at most {@value #MAX_POINTS} points taken at evenly spaced ranks:
 * a 82,248-job line drawn point by point is no sharper at this size, only slower.
 */
public final class JctCdfChart {

    static final int MAX_POINTS = 2000;

    /** JCTs under a second are drawn at one second: a log axis has no zero. */
    private static final double MIN_HOURS = 1.0 / 3600;

    private final int width;
    private final int height;

    public JctCdfChart(int width, int height) {
        if (width < 200 || height < 150) {
            throw new IllegalArgumentException("chart too small: " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
    }

    /** The default size, 1000 by 650 pixels. */
    public static JctCdfChart standard() {
        return new JctCdfChart(1000, 650);
    }

    /**
     * Draws one line per non-empty distribution, in map order, and writes {@code file} as PNG.
     *
     * @param title          the chart title, e.g. the trace's name
     * @param jctsByPolicy   each policy's completion times
     * @throws IllegalArgumentException when no policy has any completed job (nothing to draw)
     */
    public void save(Path file, String title, Map<String, JctDistribution> jctsByPolicy) throws IOException {
        // AWT reads this once, on first use; set it here so library callers need not remember.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
                .xAxisTitle("job completion time (hours, log scale)").yAxisTitle("fraction of jobs completed")
                .build();
        Styler styler = chart.getStyler();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.0);
        styler.setLegendPosition(Styler.LegendPosition.InsideSE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setMarkerSize(0);
        int lines = 0;
        for (Map.Entry<String, JctDistribution> entry : jctsByPolicy.entrySet()) {
            JctDistribution jcts = entry.getValue();
            if (jcts.isEmpty()) {
                continue;
            }
            double[][] xy = cdfPoints(jcts.sortedSeconds());
            XYSeries series = chart.addSeries(entry.getKey() + " (" + jcts.size() + " jobs)", xy[0], xy[1]);
            series.setMarker(SeriesMarkers.NONE);
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
            lines++;
        }
        if (lines == 0) {
            throw new IllegalArgumentException("no completed jobs to chart");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        String name = file.toString();
        // XChart appends ".png" unless the name already ends with it.
        BitmapEncoder.saveBitmap(chart, name.endsWith(".png") ? name : name + ".png", BitmapFormat.PNG);
    }

    /** CDF points of ascending JCTs in seconds: x in hours, y the fraction of jobs at or below x. */
    static double[][] cdfPoints(double[] sortedSeconds) {
        int n = sortedSeconds.length;
        int points = Math.min(n, MAX_POINTS);
        double[] x = new double[points];
        double[] y = new double[points];
        for (int i = 0; i < points; i++) {
            // Even ranks from the first job to the last, so both ends of the curve are exact.
            int rank = points == 1 ? n - 1 : (int) Math.round((double) i * (n - 1) / (points - 1));
            x[i] = Math.max(MIN_HOURS, sortedSeconds[rank] / 3600);
            y[i] = (rank + 1.0) / n;
        }
        return new double[][] {x, y};
    }
}
