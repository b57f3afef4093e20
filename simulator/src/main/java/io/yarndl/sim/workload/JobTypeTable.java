package io.yarndl.sim.workload;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads and writes {@code job-types.csv}, the derived table the catalog is loaded from.
 *
 * <p>Format: lines starting with {@code #} are comments (sources, the command that re-derives the
 * table); then the header {@link #HEADER}; then one row per type. Fields hold no commas; a
 * coefficient list is its numbers separated by single spaces, in the order the speed form's javadoc
 * names them. {@code steps_per_epoch} and {@code fraction_of_max_epochs} are empty for types without
 * DL2 job-length data. Numbers are written with {@link Double#toString(double)}, which reads back to
 * the same double, so a loaded table reproduces the derivation exactly.
 */
public final class JobTypeTable {

    /** The header line; column order of every row. */
    public static final String HEADER = String.join(",", "name", "framework", "architecture", "sync_mode",
            "speed_form", "global_batch", "max_workers", "max_ps", "worker_gpus", "worker_vcores",
            "worker_memory_mb", "ps_vcores", "ps_memory_mb", "spread_coefficients", "colocated_coefficients",
            "colocation", "initial_loss", "floor_loss", "convergence_gap", "steps_per_epoch",
            "fraction_of_max_epochs", "points", "skipped", "r2", "median_rel_error", "rms_rel_error",
            "max_rel_error", "source");

    private static final int COLUMNS = HEADER.split(",").length;

    private JobTypeTable() {
    }

    /** The table text: each comment line prefixed with {@code "# "}, the header, the rows. */
    public static String format(List<String> comments, List<JobTypeRow> rows) {
        StringBuilder out = new StringBuilder();
        for (String c : comments) {
            out.append(c.isEmpty() ? "#" : "# " + c).append('\n');
        }
        out.append(HEADER).append('\n');
        for (JobTypeRow r : rows) {
            out.append(formatRow(r)).append('\n');
        }
        return out.toString();
    }

    static String formatRow(JobTypeRow r) {
        List<String> f = new ArrayList<>(COLUMNS);
        f.add(r.name());
        f.add(r.framework().name());
        f.add(r.architecture().name());
        f.add(r.syncMode().name());
        f.add(r.speedForm().name());
        f.add(Integer.toString(r.globalBatch()));
        f.add(Integer.toString(r.maxWorkers()));
        f.add(Integer.toString(r.maxPs()));
        f.add(Integer.toString(r.workerDemand().gpus()));
        f.add(Integer.toString(r.workerDemand().vcores()));
        f.add(Long.toString(r.workerDemand().memoryMb()));
        f.add(Integer.toString(r.psDemand().vcores()));
        f.add(Long.toString(r.psDemand().memoryMb()));
        f.add(joinNumbers(r.spreadCoefficients()));
        f.add(joinNumbers(r.colocatedCoefficients()));
        f.add(r.colocation());
        f.add(Double.toString(r.lossShape().initialLoss()));
        f.add(Double.toString(r.lossShape().floorLoss()));
        f.add(Double.toString(r.lossShape().convergenceGap()));
        f.add(r.epochs().map(e -> Integer.toString(e.stepsPerEpoch())).orElse(""));
        f.add(r.epochs().map(e -> Double.toString(e.fractionOfMaxEpochs())).orElse(""));
        f.add(Integer.toString(r.fit().points()));
        f.add(Integer.toString(r.fit().skipped()));
        f.add(Double.toString(r.fit().r2()));
        f.add(Double.toString(r.fit().medianRelError()));
        f.add(Double.toString(r.fit().rmsRelError()));
        f.add(Double.toString(r.fit().maxRelError()));
        f.add(r.source());
        for (String field : f) {
            if (field.contains(",") || field.contains("\n")) {
                throw new IllegalArgumentException(r.name() + ": field '" + field + "' may not hold a comma or newline");
            }
        }
        return String.join(",", f);
    }

    /**
     * Parses a whole table. Errors name {@code label} and the line.
     *
     * @throws IllegalArgumentException on a missing or wrong header, a malformed row or a repeated name
     */
    public static List<JobTypeRow> parse(Reader reader, String label) {
        List<JobTypeRow> rows = new ArrayList<>();
        boolean headerSeen = false;
        try (BufferedReader in = new BufferedReader(reader)) {
            String line;
            int lineNumber = 0;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (!headerSeen) {
                    if (!line.strip().equals(HEADER)) {
                        throw new IllegalArgumentException(label + " line " + lineNumber + ": expected header " + HEADER);
                    }
                    headerSeen = true;
                    continue;
                }
                JobTypeRow row = parseRow(line, label + " line " + lineNumber);
                for (JobTypeRow seen : rows) {
                    if (seen.name().equals(row.name())) {
                        throw new IllegalArgumentException(label + " line " + lineNumber + ": job type " + row.name()
                                + " appears twice");
                    }
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + label, e);
        }
        if (!headerSeen) {
            throw new IllegalArgumentException(label + ": no header line " + HEADER);
        }
        return List.copyOf(rows);
    }

    private static JobTypeRow parseRow(String line, String where) {
        String[] f = line.split(",", -1);
        if (f.length != COLUMNS) {
            throw new IllegalArgumentException(where + ": expected " + COLUMNS + " fields, got " + f.length);
        }
        try {
            int i = 0;
            String name = f[i++].strip();
            Framework framework = Framework.valueOf(f[i++].strip());
            Architecture architecture = Architecture.valueOf(f[i++].strip());
            SyncMode syncMode = SyncMode.valueOf(f[i++].strip());
            SpeedForm form = SpeedForm.valueOf(f[i++].strip());
            int batch = Integer.parseInt(f[i++].strip());
            int maxWorkers = Integer.parseInt(f[i++].strip());
            int maxPs = Integer.parseInt(f[i++].strip());
            Resources worker = Resources.of(Integer.parseInt(f[i++].strip()), Integer.parseInt(f[i++].strip()),
                    Long.parseLong(f[i++].strip()));
            Resources ps = Resources.of(0, Integer.parseInt(f[i++].strip()), Long.parseLong(f[i++].strip()));
            List<Double> spread = parseNumbers(f[i++]);
            List<Double> colocated = parseNumbers(f[i++]);
            String colocation = f[i++].strip();
            LossCurveShape loss = new LossCurveShape(Double.parseDouble(f[i++]), Double.parseDouble(f[i++]),
                    Double.parseDouble(f[i++]));
            String stepsPerEpoch = f[i++].strip();
            String fraction = f[i++].strip();
            if (stepsPerEpoch.isEmpty() != fraction.isEmpty()) {
                throw new IllegalArgumentException("steps_per_epoch and fraction_of_max_epochs must be both set or both empty");
            }
            Optional<EpochProfile> epochs = stepsPerEpoch.isEmpty() ? Optional.empty()
                    : Optional.of(new EpochProfile(Integer.parseInt(stepsPerEpoch), Double.parseDouble(fraction)));
            FitQuality fit = new FitQuality(Integer.parseInt(f[i++].strip()), Integer.parseInt(f[i++].strip()),
                    Double.parseDouble(f[i++]), Double.parseDouble(f[i++]), Double.parseDouble(f[i++]),
                    Double.parseDouble(f[i++]));
            String source = f[i].strip();
            return new JobTypeRow(name, framework, architecture, syncMode, form, batch, maxWorkers, maxPs, worker, ps,
                    spread, colocated, colocation, loss, epochs, fit, source);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static String joinNumbers(List<Double> values) {
        List<String> parts = new ArrayList<>(values.size());
        for (double v : values) {
            parts.add(Double.toString(v));
        }
        return String.join(" ", parts);
    }

    private static List<Double> parseNumbers(String field) {
        List<Double> out = new ArrayList<>();
        for (String part : field.strip().split(" +")) {
            if (!part.isEmpty()) {
                out.add(Double.parseDouble(part.toLowerCase(Locale.ROOT)));
            }
        }
        return out;
    }
}
