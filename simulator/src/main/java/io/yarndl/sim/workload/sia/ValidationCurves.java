package io.yarndl.sim.workload.sia;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How one application converges at each batch size it was trained at, from Pollux's and Sia's
 * {@code validation-<batch>.csv} (one row per epoch: {@code progress,iteration,metric,grad_sqr,grad_var};
 * Pollux's {@code applications.py} and Sia's read the same files the same way):
 * <ul>
 *   <li>{@code progress} after epoch e: the statistical-efficiency-weighted steps of the
 *       application's initial batch {@code M_init} (its smallest validated batch) the run had made;
 *       a job has finished epoch e once its progress reaches the smallest of these over the batch
 *       sizes, {@link #progressAtEpoch(int) P(e+1)} (their {@code get_progress});</li>
 *   <li>{@code iteration} after epoch e: the optimiser steps that run had taken ({@code get_iteration});</li>
 *   <li>{@code grad_sqr}, {@code grad_var} during epoch e: the squared norm of the gradient and the
 *       variance of its estimate at batch {@code M_init} ({@code get_grad_stats}).</li>
 * </ul>
 * Values at a batch between two validated ones are linear in the batch between them, as both
 * simulators interpolate. From the gradient statistics, one step at batch {@code M} in epoch e
 * makes {@link #gain progress}
 * <pre>  gain(M, e) = (var + sqr) / (var / s + sqr),   s = M / M_init</pre>
 * initial-batch steps: {@code s} times Pollux's statistical efficiency
 * {@code (B_noise + M_init) / (B_noise + M)} with the gradient noise scale
 * {@code B_noise = M_init var / sqr} samples ({@link #noiseScale}). Immutable.
 */
public final class ValidationCurves {

    private static final Pattern FILE = Pattern.compile("validation-(\\d+)\\.csv");
    private static final String[] COLUMNS = {"progress", "iteration", "grad_sqr", "grad_var"};

    /** One validated batch size's rows, epoch by epoch. */
    private record Curve(double[] progress, double[] iteration, double[] gradSqr, double[] gradVar) {
    }

    /** The gradient's squared norm and its estimate's variance at the initial batch, during one epoch. */
    public record GradientStats(double sqr, double var) {
    }

    private final String app;
    private final String measuredBy;
    private final NavigableMap<Integer, Curve> byBatch;
    private final double[] epochStart;

    private ValidationCurves(String app, String measuredBy, NavigableMap<Integer, Curve> byBatch, int epochs) {
        this.app = app;
        this.measuredBy = measuredBy;
        this.byBatch = byBatch;
        this.epochStart = new double[epochs + 1];
        for (int e = 1; e <= epochs; e++) {
            double min = Double.MAX_VALUE;
            for (Curve curve : byBatch.values()) {
                min = Math.min(min, curve.progress[e - 1]);
            }
            // Progress never goes back: a later epoch starts no earlier than the one before it.
            epochStart[e] = Math.max(epochStart[e - 1], min);
        }
    }

    /**
     * The curves of {@code app} in {@code dir}, each holding at least {@code epochs} rows.
     *
     * @param measuredBy who validated it, for messages ({@code Sia}, {@code Pollux})
     * @throws IllegalArgumentException for no file, a malformed row (naming its file and line) or a
     *                                  file of fewer epochs than the application trains
     */
    public static ValidationCurves read(Path dir, String app, int epochs, String measuredBy) {
        NavigableMap<Integer, Curve> byBatch = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "validation-*.csv")) {
            for (Path file : files) {
                Matcher m = FILE.matcher(file.getFileName().toString());
                if (m.matches()) {
                    byBatch.put(Integer.parseInt(m.group(1)), curve(file, app, epochs));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        if (byBatch.isEmpty()) {
            throw new IllegalArgumentException("no validation-<batch>.csv in " + dir.toAbsolutePath());
        }
        return new ValidationCurves(app, measuredBy, byBatch, epochs);
    }

    private static Curve curve(Path file, String app, int epochs) {
        List<SiaCsv.Row> rows = SiaCsv.read(file, COLUMNS);
        if (rows.size() < epochs) {
            throw new IllegalArgumentException(file + ": has " + rows.size() + " epochs; " + app + " trains " + epochs);
        }
        double[] progress = new double[epochs];
        double[] iteration = new double[epochs];
        double[] sqr = new double[epochs];
        double[] var = new double[epochs];
        for (int e = 0; e < epochs; e++) {
            SiaCsv.Row row = rows.get(e);
            progress[e] = row.number("progress", 0);
            iteration[e] = row.number("iteration", 1);
            sqr[e] = row.number("grad_sqr", 0);
            var[e] = row.number("grad_var", 0);
        }
        return new Curve(progress, iteration, sqr, var);
    }

    /** Epochs the application trains (rows used of each file). */
    public int epochs() {
        return epochStart.length - 1;
    }

    /** The smallest validated batch, the initial batch {@code M_init} progress is counted in. */
    public int initBatch() {
        return byBatch.firstKey();
    }

    /** The largest validated batch. */
    public int maxBatch() {
        return byBatch.lastKey();
    }

    /** The validated batch sizes, ascending. */
    public List<Integer> batches() {
        return List.copyOf(byBatch.keySet());
    }

    /** Progress at which epoch {@code epoch} starts, {@code 0 <= epoch <= epochs()}: {@code P(epochs())} completes the job. */
    public double progressAtEpoch(int epoch) {
        return epochStart[epoch];
    }

    /**
     * Optimiser steps the run at {@code batch} had taken after epoch {@code epoch} (0-based),
     * linear in the batch between validated ones ({@code get_iteration}).
     *
     * @throws IllegalArgumentException outside the validated batch sizes, naming them
     */
    public double iterations(int batch, int epoch) {
        Map.Entry<Integer, Curve> below = byBatch.floorEntry(batch);
        Map.Entry<Integer, Curve> above = byBatch.ceilingEntry(batch);
        if (below == null || above == null) {
            throw new IllegalArgumentException(measuredBy + " validated " + app + " at batch sizes " + byBatch.keySet()
                    + " only; batch size " + batch + " is outside them");
        }
        double lo = below.getValue().iteration[epoch];
        if (below.getKey().equals(above.getKey())) {
            return lo;
        }
        double fraction = (double) (batch - below.getKey()) / (above.getKey() - below.getKey());
        return lo + (above.getValue().iteration[epoch] - lo) * fraction;
    }

    /** The gradient statistics during {@code epoch} at {@code batch}, held at the nearest validated batch outside them. */
    public GradientStats gradientStats(double batch, int epoch) {
        double b = Math.max(initBatch(), Math.min(maxBatch(), batch));
        Map.Entry<Integer, Curve> below = byBatch.floorEntry((int) Math.floor(b));
        Map.Entry<Integer, Curve> above = byBatch.ceilingEntry((int) Math.ceil(b));
        return new GradientStats(between(below, above, b, c -> c.gradSqr[epoch]),
                between(below, above, b, c -> c.gradVar[epoch]));
    }

    /**
     * Progress, in initial-batch steps, of one step at global batch {@code batch} during
     * {@code epoch} (see the class comment); where the statistics give no denominator, the step
     * is as good as {@code batch / M_init} initial steps, as Pollux's {@code goodput.py} takes it.
     */
    public double gain(double batch, int epoch) {
        GradientStats g = gradientStats(batch, epoch);
        double scale = batch / initBatch();
        double denominator = g.var() / scale + g.sqr();
        return denominator > 0 ? (g.var() + g.sqr()) / denominator : scale;
    }

    /** The gradient noise scale {@code M_init var / sqr}, in samples, during {@code epoch} at {@code batch}; infinite where sqr is 0. */
    public double noiseScale(double batch, int epoch) {
        GradientStats g = gradientStats(batch, epoch);
        return g.sqr() > 0 ? initBatch() * g.var() / g.sqr() : Double.POSITIVE_INFINITY;
    }

    private static double between(Map.Entry<Integer, Curve> below, Map.Entry<Integer, Curve> above, double batch,
                                  ToDoubleFunction<Curve> value) {
        double lo = value.applyAsDouble(below.getValue());
        if (below.getKey().equals(above.getKey())) {
            return lo;
        }
        double hi = value.applyAsDouble(above.getValue());
        return ((batch - below.getKey()) * hi + (above.getKey() - batch) * lo) / (above.getKey() - below.getKey());
    }
}
