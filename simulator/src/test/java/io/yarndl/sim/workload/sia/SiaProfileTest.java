package io.yarndl.sim.workload.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiaProfileTest {

    @TempDir
    Path tmp;

    private static Path traces() {
        return RepoData.dir().resolve("sia/traces");
    }

    @Test
    void readsPlacementsThenScalabilityWhateverTheirColumnOrder() {
        // scalability-aws.csv starts with num_nodes, scalability-azure.csv with local_bsz.
        List<SiaProfile.Measurement> aws = SiaProfile.read(traces(), "imagenet", "aws");
        List<SiaProfile.Measurement> azure = SiaProfile.read(traces(), "imagenet", "azure");

        assertEquals(864 + 288, aws.size());
        assertEquals(new SiaProfile.Measurement(6, 6, 20, 0.3874239444732666, 0.23134371032714843), aws.get(864));
        assertEquals(new SiaProfile.Measurement(4, 4, 20, 0.16073721647262573, 0.03847878456115723),
                azure.get(484));
        assertTrue(aws.stream().anyMatch(m -> m.nodes() == 1 && m.replicas() == 1), "placement '1' is one GPU");
    }

    @Test
    void countsAPlacementsNodesAndReplicasFromItsDigits() throws IOException {
        write("placements-x.csv", "local_bsz,placement,step_time,sync_time\n8,31,0.5,0.1\n");
        write("scalability-x.csv", "local_bsz,step_time,sync_time,num_nodes,num_replicas\n8.0,0.6,0.2,6.0,6.0\n");

        List<SiaProfile.Measurement> read = SiaProfile.read(tmp, "app", "x");

        assertEquals(List.of(new SiaProfile.Measurement(2, 4, 8, 0.5, 0.1, "13"),
                new SiaProfile.Measurement(6, 6, 8, 0.6, 0.2)), read, "the placement keeps its digits, smallest first");
    }

    @Test
    void aMalformedRowNamesTheFileLineAndColumn() throws IOException {
        String placements = "placement,local_bsz,step_time,sync_time\n1,8,0.5,0.1\n";
        String scalability = "num_nodes,num_replicas,local_bsz,step_time,sync_time\n";
        assertFails(placements + "2,8,fast,0.1\n", scalability, "placements-x.csv, line 3, column step_time");
        assertFails(placements + "\n1,8,0.5,0.6\n", scalability, "line 4, column sync_time: exceeds step_time 0.5");
        assertFails(placements + "10,8,0.5,0.1\n", scalability, "line 3, column placement: must be digits 1-9");
        assertFails(placements + "1,8,0.5\n", scalability, "line 3: has 3 fields; the header has 4");
        assertFails(placements, scalability + "2,1,8,0.5,0.1\n", "scalability-x.csv, line 2, column num_replicas");
        assertFails(placements, scalability + "1.5,2,8,0.5,0.1\n", "line 2, column num_nodes: must be a whole number");
        assertFails(placements, "num_nodes,local_bsz,step_time,sync_time\n", "line 1: has no column num_replicas");
    }

    private void assertFails(String placements, String scalability, String expected) throws IOException {
        write("placements-x.csv", placements);
        write("scalability-x.csv", scalability);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SiaProfile.read(tmp, "app", "x"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    private void write(String name, String text) throws IOException {
        Files.createDirectories(tmp.resolve("app"));
        Files.writeString(tmp.resolve("app").resolve(name), text);
    }
}
