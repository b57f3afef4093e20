package io.yarndl.sim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

class SiaWorkloadReaderTest {

    private static final SiaJobTypes TYPES = new SiaJobTypes(SiaApplications.in(RepoData.dir().resolve("sia")));
    private static final String HEADER = "name,time,application,num_replicas,batch_size\n";

    @TempDir
    Path tmp;

    @Test
    void readsEachJobAsItsApplicationAtItsBatchSize() throws IOException {
        List<TraceJob> jobs = SiaWorkloadReader.read(RepoData.dir().resolve("sia/workloads/philly/workload-1.csv"), TYPES);

        assertEquals(160, jobs.size());
        TraceJob first = jobs.get(0);
        // cifar10-0,107,cifar10,6,2048
        assertEquals("cifar10-0", first.id());
        assertEquals("cifar10-0", first.user());
        assertEquals(107.0, first.arrivalSec());
        assertEquals("cifar10 (batch size 2048)", first.type().name());
        assertEquals(6, first.requestedWorkers());
        assertEquals(1, first.minWorkers());
        assertEquals(16, first.maxWorkers());
        assertEquals(0, first.maxPs());
        assertEquals(TYPES.requiredSteps("cifar10", 2048), first.requiredSteps());
    }

    @Test
    void readsSaturnsFractionalArrivalsAndIgnoresExtraColumns() throws IOException {
        Path file = write("category,name,time,application,num_replicas,batch_size\nrigid,a,0.5,bert,16,384\n");

        TraceJob job = SiaWorkloadReader.read(file, TYPES).get(0);

        assertEquals(0.5, job.arrivalSec());
        assertEquals(16, job.requestedWorkers());
        assertEquals(32, job.maxWorkers());
    }

    @Test
    void aMalformedRowNamesTheFileLineAndColumn() throws IOException {
        assertFails(HEADER + "a,10,bert,0,384\n", "line 2, column num_replicas: must be a whole number >= 1 (value '0')");
        assertFails(HEADER + "a,10,bert,2,384\n\nb,5,bert,2,384\n", "line 4, column time: arrives before the row above");
        assertFails(HEADER + "a,10,bert,2,384\nb,10,bert,2,384\na,11,bert,2,384\n", "line 4, column name: repeats");
        assertFails(HEADER + "a,10,resnet,2,384\n", "line 2, column application: unknown Sia application 'resnet'");
        assertFails(HEADER + "a,10,bert,2,1\n", "line 2, column batch_size: Sia validated bert at batch sizes");
        assertFails(HEADER + "a,-1,bert,2,384\n", "line 2, column time: must be a number of seconds >= 0");
        assertFails(HEADER + "a,10,bert,2\n", "line 2: has 4 fields; the header has 5");
        assertFails("name,time,application,batch_size\n", "line 1, column num_replicas: is missing from the header");
    }

    private void assertFails(String text, String expected) throws IOException {
        Path file = write(text);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> SiaWorkloadReader.read(file, TYPES));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    private Path write(String text) throws IOException {
        return Files.writeString(tmp.resolve("workload.csv"), text);
    }
}
