package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.EpochProfile;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkloadGenerator;
import io.yarndl.sim.workload.WorkloadSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EpisodeWorkloadTest {

    private static final ClusterSpec CLUSTER = new ClusterSpec(4, Resources.of(8, 64, 512 * 1024L), 16, "V100");
    private static final Set<String> DL2_TYPES = Set.of("resnet-50", "vgg-16", "resnext-110", "inception-bn",
            "seq2seq", "cnn-text-classification", "dssm", "wlm");

    @Test
    void dl2WorkloadHasOnlyDl2TypesEachJobAsLongAsItsEpochs() {
        JobTypeCatalog catalog = JobTypeCatalog.standardCatalog();
        List<TraceJob> jobs = EpisodeWorkload.DL2.jobs(CLUSTER, 1.0, 2_000, 7);

        assertEquals(DL2_TYPES, Set.copyOf(jobs.stream().map(job -> job.type().name()).toList()));
        for (TraceJob job : jobs) {
            assertTrue(job.type().usesParameterServers(), job::toString);
            EpochProfile epochs = catalog.epochProfile(job.type().name()).orElseThrow();
            double scale = job.requiredSteps() / epochs.meanRequiredSteps();
            assertTrue(scale >= 0.9 - 1e-6 && scale <= 1.1 + 1e-6, job.id() + " is " + scale + " of its type's epochs");
        }
    }

    @Test
    void dl2WorkloadOffersTheTargetLoad() {
        List<TraceJob> jobs = EpisodeWorkload.DL2.jobs(CLUSTER, 0.8, 20_000, 11);

        assertEquals(0.8, WorkloadGenerator.offeredLoad(jobs, CLUSTER.total().gpus()), 0.075 * 0.8);
    }

    @Test
    void syntheticWorkloadIsWhatSimReplaysAsSynthetic() {
        assertEquals(WorkloadGenerator.generate(WorkloadSpec.of(JobTypeCatalog.standard(), 40, 1.0, 32, 3)),
                EpisodeWorkload.SYNTHETIC.jobs(CLUSTER, 1.0, 40, 3));
    }

    @Test
    void psSyntheticWorkloadHasDl2sTypesWithGavelsDurations() {
        List<TraceJob> jobs = EpisodeWorkload.PS_SYNTHETIC.jobs(CLUSTER, 1.0, 2_000, 7);
        List<JobType> dl2Types = JobTypeCatalog.standard().stream()
                .filter(type -> DL2_TYPES.contains(type.name())).toList();

        assertEquals(DL2_TYPES, Set.copyOf(jobs.stream().map(job -> job.type().name()).toList()));
        assertTrue(jobs.stream().allMatch(job -> job.type().usesParameterServers()));
        assertEquals(WorkloadGenerator.generate(WorkloadSpec.of(dl2Types, 2_000, 1.0, 32, 7)), jobs,
                "DL2's types, sized by Gavel's durations as synthetic is");
        assertTrue(EpisodeWorkload.PS_SYNTHETIC.spec(CLUSTER, 1.0, 2_000, 7).epochLengths().isEmpty());
        assertNotEquals(EpisodeWorkload.DL2.jobs(CLUSTER, 1.0, 40, 7).stream().map(TraceJob::requiredSteps).toList(),
                EpisodeWorkload.PS_SYNTHETIC.jobs(CLUSTER, 1.0, 40, 7).stream().map(TraceJob::requiredSteps).toList());
    }

    @Test
    void psSyntheticAndDl2DrawFromTheSameTypes() {
        assertEquals(EpisodeWorkload.DL2.spec(CLUSTER, 1.0, 40, 3).types(),
                EpisodeWorkload.PS_SYNTHETIC.spec(CLUSTER, 1.0, 40, 3).types());
    }

    @Test
    void workloadsAreFoundByNameAndAnUnknownNameListsTheKnownOnes() {
        assertSame(EpisodeWorkload.DL2, EpisodeWorkload.named("dl2"));
        assertSame(EpisodeWorkload.PS_SYNTHETIC, EpisodeWorkload.named("ps-synthetic"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> EpisodeWorkload.named("philly"));
        assertTrue(error.getMessage().contains("'philly'") && error.getMessage().contains("synthetic, dl2, ps-synthetic"),
                error.getMessage());
    }
}
