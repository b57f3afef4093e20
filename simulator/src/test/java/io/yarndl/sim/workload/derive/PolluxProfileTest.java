package io.yarndl.sim.workload.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolluxProfileTest {

    @Test
    void readsPlacementDigitsAsNodesAndReplicas() {
        List<PolluxProfile.Measurement> points = PolluxProfile.read(RepoData.dir(), "cifar10", 129);
        assertTrue(points.stream().anyMatch(m -> m.nodes() == 1 && m.replicas() == 4), "single-node points");
        assertTrue(points.stream().anyMatch(m -> m.nodes() == 16 && m.replicas() == 64), "scalability points");
        for (PolluxProfile.Measurement m : points) {
            assertEquals(129, m.localBatch());
            assertTrue(m.replicas() >= m.nodes() && m.stepTime() > 0, m.toString());
        }
    }
}
