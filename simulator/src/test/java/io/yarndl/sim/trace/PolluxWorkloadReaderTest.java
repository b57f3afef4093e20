package io.yarndl.sim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pollux's workloads (data/pollux/workloads*), read by the reader of Sia's, as batch-adaptive jobs of its T4 applications. */
class PolluxWorkloadReaderTest {

    private static final SiaJobTypes TYPES =
            SiaJobTypes.forWorkloads(SiaApplications.pollux(RepoData.dir().resolve("pollux")), false);
    private static final String HEADER = "name,time,application,num_replicas,batch_size\n";

    @TempDir
    Path tmp;

    @Test
    void readsEachRowAsABatchAdaptiveJobCountedInStepsOfItsTraceBatch() throws IOException {
        List<TraceJob> jobs = SiaWorkloadReader.read(RepoData.dir().resolve("pollux/workloads/workload-1.csv"), TYPES);

        assertEquals(160, jobs.size());
        TraceJob first = jobs.get(0); // cifar10-0,107,cifar10,6,2048
        assertEquals("cifar10-0", first.id());
        assertEquals(107, first.arrivalSec());
        assertEquals(6, first.requestedWorkers());
        assertEquals("cifar10 (batch size 2048)", first.type().name());
        assertTrue(first.type().adaptsBatch());
        assertEquals(new BatchLimits(128, 4096, 1024), first.type().batchLimits());
        assertEquals(TYPES.requiredSteps("cifar10", 2048), first.requiredSteps());
        assertEquals(16, first.maxWorkers()); // the project's rule: twice the request or 16
        assertTrue(jobs.stream().filter(j -> j.type().modelFamily().equals("ncf")).allMatch(j -> j.maxWorkers() == 1));
    }

    @Test
    void aMalformedRowNamesTheFileLineColumnAndPollux() throws IOException {
        assertFails(HEADER + "a,10,resnet,2,384\n", "line 2, column application: unknown Pollux application 'resnet'");
        assertFails(HEADER + "a,10,bert,2,384\nb,20,imagenet,2,100\n",
                "line 3, column batch_size: Pollux validated imagenet at batch sizes [200, 400, 800, 1600, 3200, 6400,"
                        + " 12800] only");
        assertFails(HEADER + "a,10,bert,two,384\n", "line 2, column num_replicas: must be a whole number >= 1 (value 'two')");
    }

    private void assertFails(String text, String expected) throws IOException {
        Path file = Files.writeString(tmp.resolve("workload.csv"), text);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> SiaWorkloadReader.read(file, TYPES));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
