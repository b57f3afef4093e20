package io.yarndl.sim.workload.derive;

import io.yarndl.core.policy.optimus.SpeedObservation;
import io.yarndl.core.policy.smd.Calibration;
import io.yarndl.core.policy.smd.IterationModel;
import io.yarndl.core.policy.smd.ShippedCalibrations;
import io.yarndl.core.policy.smd.layers.LayerTables;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Derives SMD's calibrations ({@code scheduler-core/src/main/resources/}{@value ShippedCalibrations#RESOURCE}):
 * for each of DL2's 8 parameter-server models, the three numbers of SMD's layer model
 * ({@link IterationModel}) fitted to DL2's measured speeds with the model's shipped layer table,
 * and how close the fitted model comes to the measurements (median relative error of the speed
 * over the individual points, as {@code job-types.csv} reports for Optimus' fitted curves).
 *
 * <pre>  mvn -B -q -pl simulator -am package -DskipTests
 *  java -cp simulator/target/simulator-0.1.0-SNAPSHOT-all.jar \
 *      io.yarndl.sim.workload.derive.SmdCalibrationDeriver data &gt; scheduler-core/src/main/resources/io/yarndl/core/policy/smd/calibrations.csv</pre>
 *
 * Deterministic: the same data gives the same file, byte for byte.
 */
public final class SmdCalibrationDeriver {

    /** One model's fit. */
    public record Fit(String model, Calibration calibration, int points, double medianRelativeError) {
    }

    private SmdCalibrationDeriver() {
    }

    /** Writes the file to standard output; the argument is the data directory (default data). */
    public static void main(String[] args) {
        Path data = Path.of(args.length > 0 ? args[0] : "data");
        if (!Files.isDirectory(data)) {
            System.err.println("data directory not found: " + data.toAbsolutePath());
            System.exit(2);
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.print(format(derive(data)));
        out.flush();
    }

    /** Fits every DL2 model with a shipped layer table, in DL2's order. */
    public static List<Fit> derive(Path dataDir) {
        List<Dl2SpeedMeasurement> all = Dl2SpeedFile.read(dataDir);
        LayerTables tables = LayerTables.shipped();
        List<Fit> fits = new ArrayList<>();
        for (Dl2Types.Spec spec : Dl2Types.ALL) {
            IterationModel.Shape shape = new IterationModel.Shape(tables.require(spec.name()));
            List<SpeedObservation> observed = new ArrayList<>();
            for (Dl2SpeedMeasurement m : all) {
                if (m.model().equals(spec.name()) && !m.isMeasurementFailure()) {
                    observed.add(new SpeedObservation(m.workers(), m.ps(), m.jobSpeed()));
                }
            }
            Calibration calibration = Calibration.fit(shape, observed);
            IterationModel model = new IterationModel(shape, calibration);
            double[] errors = new double[observed.size()];
            for (int i = 0; i < errors.length; i++) {
                SpeedObservation o = observed.get(i);
                errors[i] = Math.abs(model.stepsPerSecond(o.workers(), o.ps()) - o.stepsPerSecond()) / o.stepsPerSecond();
            }
            Arrays.sort(errors);
            double median = errors.length % 2 == 1 ? errors[errors.length / 2]
                    : (errors[errors.length / 2 - 1] + errors[errors.length / 2]) / 2;
            fits.add(new Fit(spec.name(), calibration, observed.size(), median));
        }
        return fits;
    }

    /** The resource's text. */
    public static String format(List<Fit> fits) {
        StringBuilder text = new StringBuilder();
        for (String comment : List.of(
                "SMD's calibrations: the layer model tau(w,p) = C/w + O + beta*2*max(S, w*S_max(p)) + a*w + b*p fitted to DL2's measured",
                "speeds (data/dl2/config_speed.txt, zero-speed rows dropped) with each model's shipped layer table; NNLS on",
                "relative error of seconds per step. Do not edit by hand; re-derive:",
                "  mvn -B -q -pl simulator -am package -DskipTests && java -cp simulator/target/simulator-0.1.0-SNAPSHOT-all.jar"
                        + " io.yarndl.sim.workload.derive.SmdCalibrationDeriver data"
                        + " > scheduler-core/src/main/resources/" + ShippedCalibrations.RESOURCE,
                "compute_sec = C, overhead_sec = O, seconds_per_byte = beta, per_worker_sec = a, per_server_sec = b; median_rel_error: |predicted - measured| / measured"
                        + " speed over the points")) {
            text.append("# ").append(comment).append('\n');
        }
        text.append(ShippedCalibrations.HEADER).append('\n');
        for (Fit fit : fits) {
            Calibration c = fit.calibration();
            text.append(String.format(Locale.ROOT, "%s,%.6g,%.6g,%.6g,%.6g,%.6g,%d,%.4f\n", fit.model(),
                    c.computeSec(), c.overheadSec(), c.secondsPerByte(), c.perWorkerSec(), c.perServerSec(), fit.points(),
                    fit.medianRelativeError()));
        }
        return text.toString();
    }
}
