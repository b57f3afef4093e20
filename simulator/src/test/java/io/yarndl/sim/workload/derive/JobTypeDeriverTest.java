package io.yarndl.sim.workload.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
import io.yarndl.sim.workload.JobTypeRow;
import io.yarndl.sim.workload.JobTypeTable;
import io.yarndl.sim.workload.RepoData;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code job-types.csv} against the shared measurements: it is what the deriver makes
 * of them today, and its speeds reproduce the measured ones within the bounds stated here.
 */
class JobTypeDeriverTest {

    private static final double REL = 1e-6;

    private static JobTypeDeriver.Derivation fresh;
    private static List<Dl2SpeedMeasurement> dl2;

    @BeforeAll
    static void deriveOnce() {
        fresh = JobTypeDeriver.derive(RepoData.dir());
        dl2 = Dl2SpeedFile.read(RepoData.dir());
    }

    @Test
    void committedTableEqualsAFreshDerivation() {
        // Through the text format, as the committed table went, so both sides are parsed alike.
        List<JobTypeRow> derived = JobTypeTable.parse(
                new StringReader(JobTypeTable.format(fresh.comments(), fresh.rows())), "derived");
        List<JobTypeRow> committed = JobTypeCatalog.standardCatalog().rows();
        assertEquals(names(derived), names(committed), "re-derive the table: see JobTypeDeriver's javadoc");
        for (int i = 0; i < derived.size(); i++) {
            JobTypeRow d = derived.get(i);
            JobTypeRow c = committed.get(i);
            String n = d.name();
            assertEquals(nonFitted(d), nonFitted(c), n + ": non-numeric columns differ; re-derive the table");
            assertClose(d.spreadCoefficients(), c.spreadCoefficients(), n + " spread coefficients");
            assertClose(d.colocatedCoefficients(), c.colocatedCoefficients(), n + " colocated coefficients");
            assertClose(List.of(d.fit().r2(), d.fit().medianRelError(), d.fit().rmsRelError(), d.fit().maxRelError()),
                    List.of(c.fit().r2(), c.fit().medianRelError(), c.fit().rmsRelError(), c.fit().maxRelError()),
                    n + " fit quality");
        }
    }

    @Test
    void dropsOnlyZeroSpeedRowsAsFailures() {
        assertEquals(9, fresh.skipped().size(), fresh.skipped().toString());
        assertEquals(8, count(fresh.skipped(), "vgg-16"));
        assertEquals(1, count(fresh.skipped(), "inception-bn"));
    }

    /**
     * Median relative error under 20% for every DL2 type. Measured when this was written: resnet-50
     * 9.4%, vgg-16 16.6%, resnext-110 6.1%, inception-bn 3.8%, seq2seq 9.1%,
     * cnn-text-classification 2.7%, dssm 4.4%, wlm 10.5%; over all 795 kept points 7.9%. vgg-16 is
     * the worst: its measurements are the noisiest (8 failed runs, and near-failures such as 0.5
     * steps/s at 1 PS and 11 workers between neighbours near 3).
     */
    @Test
    void dl2TypesReproduceTheirMeasuredSpeeds() {
        JobTypeCatalog catalog = JobTypeCatalog.standardCatalog();
        List<Double> pooled = new ArrayList<>();
        for (String name : Dl2Types.ALL.stream().map(Dl2Types.Spec::name).toList()) {
            JobType type = catalog.byName(name);
            List<Double> rel = new ArrayList<>();
            for (Dl2SpeedMeasurement m : dl2) {
                if (m.model().equals(name) && !m.isMeasurementFailure()) {
                    // DL2 measured tasks spread over machines.
                    double predicted = type.speed().stepsPerSecond(m.workers(), m.ps(), 2);
                    rel.add(Math.abs(predicted - m.jobSpeed()) / m.jobSpeed());
                }
            }
            double median = median(rel);
            assertTrue(median < 0.20, name + ": median relative error " + median);
            pooled.addAll(rel);
        }
        assertEquals(795, pooled.size());
        assertTrue(median(pooled) < 0.10, "pooled median relative error " + median(pooled));
    }

    /** Median relative error under 10% (measured: cifar10 6.2%, imagenet 6.2%, bert 3.2%). */
    @Test
    void allReduceTypesReproducePolluxStepTimesOnAndAcrossNodes() {
        JobTypeCatalog catalog = JobTypeCatalog.standardCatalog();
        for (PolluxTypes.Spec spec : PolluxTypes.ALL) {
            JobType type = catalog.byName(spec.app());
            List<Double> rel = new ArrayList<>();
            for (PolluxProfile.Measurement m : PolluxProfile.read(RepoData.dir(), spec.app(), spec.localBatch())) {
                double measured = m.referenceStepsPerSecond();
                rel.add(Math.abs(type.speed().stepsPerSecond(m.replicas(), 0, m.nodes()) - measured) / measured);
            }
            assertTrue(median(rel) < 0.10, spec.app() + ": median relative error " + median(rel));
        }
    }

    /** Every column but the fitted numbers, which are compared within a tolerance instead. */
    private static List<Object> nonFitted(JobTypeRow r) {
        return List.of(r.name(), r.framework(), r.architecture(), r.syncMode(), r.speedForm(), r.globalBatch(),
                r.maxWorkers(), r.maxPs(), r.workerDemand(), r.psDemand(), r.colocation(), r.lossShape(), r.epochs(),
                r.fit().points(), r.fit().skipped(), r.source());
    }

    private static List<String> names(List<JobTypeRow> rows) {
        return rows.stream().map(JobTypeRow::name).toList();
    }

    private static long count(List<String> notes, String model) {
        return notes.stream().filter(s -> s.contains(": " + model + " ")).count();
    }

    private static void assertClose(List<Double> expected, List<Double> actual, String what) {
        assertEquals(expected.size(), actual.size(), what);
        for (int i = 0; i < expected.size(); i++) {
            double e = expected.get(i);
            double a = actual.get(i);
            assertTrue(Math.abs(e - a) <= REL * Math.max(Math.abs(e), Math.abs(a)) || Math.abs(e - a) < 1e-15,
                    what + "[" + i + "]: derived " + e + ", committed " + a + "; re-derive the table");
        }
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
