package io.yarndl.sim.workload.derive;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.policy.optimus.AllReduceSpeedModel;
import io.yarndl.core.policy.optimus.SpeedObservation;
import io.yarndl.core.policy.optimus.SyncPsSpeedModel;
import io.yarndl.sim.workload.JobTypeRow;
import io.yarndl.sim.workload.JobTypeTable;
import io.yarndl.sim.workload.PlacementAwareSpeed;
import io.yarndl.sim.workload.SpeedForm;
import io.yarndl.sim.workload.TrueSpeed;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Derives {@code simulator/src/main/resources/job-types.csv} from the measured data in the repository's data/; run it
 * again whenever the data or the choices in {@link Dl2Types} and {@link PolluxTypes} change:
 *
 * <pre>  mvn -B -q -pl simulator -am package -DskipTests
 *  java -cp simulator/target/simulator-0.1.0-SNAPSHOT-all.jar \
 *      io.yarndl.sim.workload.derive.JobTypeDeriver data &gt; simulator/src/main/resources/job-types.csv</pre>
 *
 * <p>DL2 types: every row of {@code dl2/config_speed.txt} with a positive job speed (the sum of its
 * workers' speeds) is one {@link SpeedObservation}; rows with zero speed are measurement failures,
 * dropped and listed (in the table's comments and on standard error). Optimus' synchronous formula
 * is fitted to them by {@link SyncPsSpeedModel#fit}; that is the spread curve. The colocated curve
 * multiplies its communication terms t2, t3, t4 by DL2's measured inter/intra-node bandwidth ratio
 * ({@link Dl2Types.Spec#colocationFactor()}).
 *
 * <p>All-reduce types: Pollux's points on one node and on several nodes are fitted separately by
 * {@link AllReduceSpeedModel#fit}, giving the colocated and the spread curve.
 *
 * <p>Deterministic: the same data gives the same table, byte for byte.
 */
public final class JobTypeDeriver {

    private static final String DL2_SOURCE = Dl2SpeedFile.RELATIVE_PATH;

    private final Path dataDir;
    private final List<String> skippedNotes = new ArrayList<>();

    private JobTypeDeriver(Path dataDir) {
        this.dataDir = dataDir;
    }

    /** Writes the table to standard output; the argument is the data directory (default data, the repository's). */
    public static void main(String[] args) {
        Path data = Path.of(args.length > 0 ? args[0] : "data");
        if (!Files.isDirectory(data)) {
            System.err.println("data directory not found: " + data.toAbsolutePath());
            System.exit(2);
        }
        Derivation d = derive(data);
        for (String note : d.skipped()) {
            System.err.println("skipped: " + note);
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.print(JobTypeTable.format(d.comments(), d.rows()));
        out.flush();
    }

    /**
     * The derived table.
     *
     * @param rows     one row per type: DL2's 8 types in DL2's order, then the all-reduce types
     * @param comments the table's header comments
     * @param skipped  one note per measurement dropped as a failure
     */
    public record Derivation(List<JobTypeRow> rows, List<String> comments, List<String> skipped) {
        public Derivation {
            rows = List.copyOf(rows);
            comments = List.copyOf(comments);
            skipped = List.copyOf(skipped);
        }
    }

    /** Derives every row from the data under {@code dataDir}. */
    public static Derivation derive(Path dataDir) {
        JobTypeDeriver deriver = new JobTypeDeriver(dataDir);
        List<JobTypeRow> rows = new ArrayList<>();
        List<Dl2SpeedMeasurement> dl2 = Dl2SpeedFile.read(dataDir);
        for (Dl2Types.Spec spec : Dl2Types.ALL) {
            rows.add(deriver.dl2Row(spec, dl2));
        }
        for (PolluxTypes.Spec spec : PolluxTypes.ALL) {
            rows.add(deriver.allReduceRow(spec));
        }
        return new Derivation(rows, comments(deriver.skippedNotes), deriver.skippedNotes);
    }

    private JobTypeRow dl2Row(Dl2Types.Spec spec, List<Dl2SpeedMeasurement> all) {
        List<Dl2SpeedMeasurement> kept = new ArrayList<>();
        List<Double> psCpu = new ArrayList<>();
        List<Double> workerCpu = new ArrayList<>();
        int skipped = 0;
        for (Dl2SpeedMeasurement m : all) {
            if (!m.model().equals(spec.name())) {
                continue;
            }
            if (m.isMeasurementFailure()) {
                skipped++;
                skippedNotes.add(DL2_SOURCE + " line " + m.lineNumber() + ": " + spec.name() + " ps=" + m.ps()
                        + " workers=" + m.workers() + " has zero speed");
                continue;
            }
            kept.add(m);
            psCpu.addAll(m.psCpu());
            workerCpu.addAll(m.workerCpu());
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException(DL2_SOURCE + ": no usable measurement of " + spec.name());
        }
        int batch = kept.get(0).totalBatchSize();
        int maxWorkers = 0;
        int maxPs = 0;
        List<SpeedObservation> observations = new ArrayList<>(kept.size());
        for (Dl2SpeedMeasurement m : kept) {
            if (m.totalBatchSize() != batch || !m.syncMode().equals("dist_sync")) {
                throw new IllegalArgumentException(DL2_SOURCE + " line " + m.lineNumber() + ": " + spec.name()
                        + " expected dist_sync at batch " + batch + ", got " + m.syncMode() + " at " + m.totalBatchSize());
            }
            maxWorkers = Math.max(maxWorkers, m.workers());
            maxPs = Math.max(maxPs, m.ps());
            observations.add(new SpeedObservation(m.workers(), m.ps(), m.jobSpeed()));
        }
        SyncPsSpeedModel spread = SyncPsSpeedModel.fit(observations, batch);
        double k = spec.colocationFactor();
        SyncPsSpeedModel colocated = new SyncPsSpeedModel(spread.t0(), spread.t1(), spread.t2() * k,
                spread.t3() * k, spread.t4() * k, batch);
        // DL2 measured every job spread over machines, so the spread curve is judged on every point.
        TrueSpeed truth = new PlacementAwareSpeed(spread, colocated);
        List<double[]> predictedMeasured = new ArrayList<>();
        for (SpeedObservation o : observations) {
            predictedMeasured.add(new double[] {truth.stepsPerSecond(o.workers(), o.ps(), 2), o.stepsPerSecond()});
        }
        Resources worker = Resources.of(1, Dl2Types.vcoresFromUsage(workerCpu), Dl2Types.WORKER_MEMORY_MB);
        Resources ps = Resources.of(0, Dl2Types.vcoresFromUsage(psCpu), Dl2Types.psMemoryMb(spec.modelSizeMb()));
        return new JobTypeRow(spec.name(), Framework.MXNET, Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS,
                SpeedForm.SYNC_PS, batch, maxWorkers, maxPs, worker, ps, boxed(spread.coefficients()),
                boxed(colocated.coefficients()), "comm-terms-x" + k, spec.loss(), Optional.of(spec.epochs()),
                FitQualities.of(predictedMeasured, skipped), DL2_SOURCE);
    }

    private JobTypeRow allReduceRow(PolluxTypes.Spec spec) {
        List<PolluxProfile.Measurement> points = PolluxProfile.read(dataDir, spec.app(), spec.localBatch());
        List<SpeedObservation> single = new ArrayList<>();
        List<SpeedObservation> multi = new ArrayList<>();
        int maxWorkers = 0;
        for (PolluxProfile.Measurement m : points) {
            SpeedObservation o = new SpeedObservation(m.replicas(), 0, m.referenceStepsPerSecond());
            (m.nodes() == 1 ? single : multi).add(o);
            maxWorkers = Math.max(maxWorkers, m.replicas());
        }
        if (single.isEmpty() || multi.isEmpty()) {
            throw new IllegalArgumentException(spec.app() + " at local batch " + spec.localBatch()
                    + " needs points on one node and on several; got " + single.size() + " and " + multi.size());
        }
        AllReduceSpeedModel colocated = AllReduceSpeedModel.fit(single);
        AllReduceSpeedModel spread = AllReduceSpeedModel.fit(multi);
        TrueSpeed truth = new PlacementAwareSpeed(spread, colocated);
        List<double[]> predictedMeasured = new ArrayList<>();
        for (PolluxProfile.Measurement m : points) {
            predictedMeasured.add(new double[] {truth.stepsPerSecond(m.replicas(), 0, m.nodes()),
                    m.referenceStepsPerSecond()});
        }
        String dir = "pollux/traces/" + spec.app() + "/";
        return new JobTypeRow(spec.app(), Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                SpeedForm.ALLREDUCE, spec.localBatch(), maxWorkers, 0, PolluxTypes.WORKER_DEMAND, Resources.ZERO,
                boxed(spread.coefficients()), boxed(colocated.coefficients()), "fitted-on-single-node-points",
                spec.loss(), Optional.empty(), FitQualities.of(predictedMeasured, 0),
                dir + "placements.csv+" + dir + "scalability.csv");
    }

    private static List<String> comments(List<String> skipped) {
        List<String> c = new ArrayList<>();
        c.add("job-types.csv: the simulator's job mix, derived from measurements. Do not edit by hand; re-derive:");
        c.add("  mvn -B -q -pl simulator -am package -DskipTests && java -cp simulator/target/simulator-0.1.0-SNAPSHOT-all.jar"
                + " io.yarndl.sim.workload.derive.JobTypeDeriver data > simulator/src/main/resources/job-types.csv");
        c.add("Sources (copied unchanged under data/; see data/README.md):");
        c.add("  dl2/config_speed.txt (pengyanghua/DL2 @ 2e54920d): MXNet speeds of DL2's 8 PS types; job speed = sum of"
                + " worker speeds, read as steps/s");
        c.add("  DL2 trace.py: steps per epoch, fraction of max epochs, inter/intra-node bandwidths, model sizes");
        c.add("  pollux/traces/<app>/placements.csv and scalability.csv (petuum/adaptdl osdi21-artifact @ c793c708):"
                + " PyTorch DDP step times");
        c.add("Speed: SYNC_PS coefficients t0..t4 of f(p,w) = 1/(t0*M/w + t1 + t2*w/p + t3*w + t4*p) (Optimus, NNLS);"
                + " ALLREDUCE theta0..theta2 of f(w) = 1/(theta0/w + theta1*(w-1)/w + theta2*(w-1))");
        c.add("  spread_coefficients: tasks on several nodes; colocated_coefficients: all on one node. PS types: t2..t4"
                + " times min(1; inter/intra bandwidth); all-reduce types: fitted on the single-node points");
        c.add("  all-reduce speeds are in reference steps of one worker's local batch (global_batch): w / step_time");
        c.add("Demands: vcores of DL2 types from the 95th percentile of measured CPU usage; memory and all-reduce demands"
                + " are chosen (see Dl2Types and PolluxTypes)");
        c.add("Loss columns (initial_loss; floor_loss; convergence_gap) are CHOSEN, not measured: ln(classes) down to a"
                + " plausible floor");
        c.add("steps_per_epoch; fraction_of_max_epochs: DL2's epoch_sizes and num_epochs/MAX_NUM_EPOCHS (trace.py);"
                + " empty where the type is not DL2's");
        c.add("Fit quality over the individual measured points: R^2 of speed and relative errors |pred-meas|/meas");
        if (skipped.isEmpty()) {
            c.add("No measurement was skipped.");
        } else {
            c.add("Skipped as measurement failures (zero speed):");
            for (String s : skipped) {
                c.add("  " + s);
            }
        }
        return c;
    }

    private static List<Double> boxed(double[] values) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }
}
