package io.yarndl.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.Architecture;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobTypeCatalogTest {

    private static final List<String> DL2_TYPES = List.of("resnet-50", "vgg-16", "resnext-110", "inception-bn",
            "seq2seq", "cnn-text-classification", "dssm", "wlm");

    private final JobTypeCatalog catalog = JobTypeCatalog.standardCatalog();

    @Test
    void loadsAllEightDl2TypesFirstInDl2sOrder() {
        List<String> names = catalog.types().stream().map(JobType::name).toList();
        assertEquals(DL2_TYPES, names.subList(0, 8));
        for (String name : DL2_TYPES) {
            JobType type = catalog.byName(name);
            assertEquals(Architecture.PARAMETER_SERVER, type.architecture());
            assertEquals(1, type.workerDemand().gpus(), name);
            assertEquals(0, type.psDemand().gpus(), name);
            assertTrue(type.psDemand().vcores() >= 1 && type.psDemand().memoryMb() > 0, name);
            assertTrue(type.maxWorkers() >= 11 && type.maxPs() == 23, name);
            assertTrue(catalog.epochProfile(name).isPresent(), name);
        }
    }

    @Test
    void loadsAtLeastTwoAllReduceTypes() {
        List<JobType> allReduce = catalog.types().stream()
                .filter(t -> t.architecture() == Architecture.ALLREDUCE).toList();
        assertTrue(allReduce.size() >= 2, "all-reduce types: " + allReduce.size());
        for (JobType t : allReduce) {
            assertTrue(t.psDemand().isZero() && t.maxPs() == 0, t.name());
            assertTrue(catalog.epochProfile(t.name()).isEmpty(), t.name());
        }
    }

    @Test
    void standardListIsImmutableAndStable() {
        List<JobType> types = JobTypeCatalog.standard();
        assertEquals(types, JobTypeCatalog.standard());
        assertThrows(UnsupportedOperationException.class, () -> types.remove(0));
        assertThrows(UnsupportedOperationException.class, () -> catalog.asMap().clear());
        assertEquals(types, List.copyOf(catalog.asMap().values()));
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> catalog.byName("alexnet"));
        assertTrue(e.getMessage().contains("alexnet"), e.getMessage());
        for (JobType t : catalog.types()) {
            assertTrue(e.getMessage().contains(t.name()), e.getMessage());
        }
    }

    @Test
    void speedsArePositiveOverTheWholeRange() {
        for (JobType t : catalog.types()) {
            int minPs = t.usesParameterServers() ? 1 : 0;
            for (int w = 1; w <= t.maxWorkers(); w++) {
                for (int p = minPs; p <= t.maxPs(); p++) {
                    for (int nodes = 1; nodes <= 3; nodes++) {
                        double s = t.speed().stepsPerSecond(w, p, nodes);
                        assertTrue(s > 0 && Double.isFinite(s), t.name() + " w=" + w + " p=" + p + " nodes=" + nodes + ": " + s);
                    }
                }
            }
        }
    }

    @Test
    void colocatedIsAtLeastAsFastAsSpread() {
        for (JobType t : catalog.types()) {
            int minPs = t.usesParameterServers() ? 1 : 0;
            for (int w = 1; w <= t.maxWorkers(); w++) {
                for (int p = minPs; p <= t.maxPs(); p++) {
                    double colocated = t.speed().stepsPerSecond(w, p, 1);
                    double spread = t.speed().stepsPerSecond(w, p, 4);
                    assertTrue(colocated >= spread, t.name() + " w=" + w + " p=" + p + ": " + colocated + " < " + spread);
                }
            }
        }
    }

    @Test
    void colocationHelpsCommunicationBoundTypes() {
        // inception-bn's intra-node bandwidth is 7.4x its inter-node one (DL2's trace.py).
        TrueSpeed s = catalog.byName("inception-bn").speed();
        assertTrue(s.stepsPerSecond(8, 4, 1) > 1.2 * s.stepsPerSecond(8, 4, 2));
    }
}
