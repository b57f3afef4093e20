package io.yarndl.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sizes to nodes, shared by Optimus and DL2: keep what did not change, shrink what does not fit. */
class TargetPlacementTest {

    private final TargetPlacement placement = new TargetPlacement(new PackingPlacement());

    @Test
    void keepsAJobOnItsNodesWhenItsSizeDidNotChange() {
        ClusterSnapshot cluster = Clusters.uniform(4, 4);
        JobView running = Jobs.job("a").workerRange(1, 4).runningOn("n3", 1, 0).runningOn("n2", 1, 0).build();

        List<Allocation> placed = placement.place(cluster, List.of(running), List.of(new TaskCount(2, 0)));

        assertEquals(running.allocation(), placed.get(0), "packing alone would have used one node");
    }

    @Test
    void placesAResizedJobAnew() {
        ClusterSnapshot cluster = Clusters.uniform(4, 4);
        JobView running = Jobs.job("a").workerRange(1, 4).runningOn("n3", 1, 0).runningOn("n2", 1, 0).build();

        List<Allocation> placed = placement.place(cluster, List.of(running), List.of(new TaskCount(3, 0)));

        assertEquals(new TaskCount(3, 0), placed.get(0).tasks());
    }

    @Test
    void shrinksAJobThatDoesNotFitTowardsItsMinimum() {
        // 3-GPU workers on two 4-GPU nodes: the total holds two of the three asked for, and so do the nodes.
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView job = Jobs.job("a").gpusPerWorker(3).workerRange(1, 4).build();

        List<Allocation> placed = placement.place(cluster, List.of(job), List.of(new TaskCount(3, 0)));

        assertEquals(new TaskCount(2, 0), placed.get(0).tasks());
    }

    @Test
    void shrinkingAlternatesWorkersAndServers() {
        // One node of 4 GPUs, 16 vcores, 64 GiB; a worker takes 1/4/16 GiB and a server 0/2/8 GiB.
        // 4w/4ps, 3w/4ps and 3w/3ps need too many vcores; 2w/3ps (14 vcores, 56 GiB) fits.
        ClusterSnapshot cluster = Clusters.uniform(1, 4);
        JobView wide = new JobView(new JobSpec("a", "test-a", "alice", "root.dl", Framework.MXNET,
                Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS, Clusters.gpus(1), Jobs.PS_DEMAND, 1, 4, 1, 4, 1, 1,
                256, TrainingGoal.steps(1_000)), 0, Allocation.NONE, List.of());

        List<Allocation> placed = placement.place(cluster, List.of(wide), List.of(new TaskCount(4, 4)));

        assertEquals(new TaskCount(2, 3), placed.get(0).tasks());
    }

    @Test
    void aJobWhoseMinimumDoesNotFitWaits() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView job = Jobs.job("a").gpusPerWorker(8).workerRange(1, 2).build();

        assertEquals(List.of(Allocation.NONE), placement.place(cluster, List.of(job), List.of(new TaskCount(1, 0))));
    }

    @Test
    void placesTheBiggestTargetFirst() {
        ClusterSnapshot cluster = Clusters.uniform(1, 4);
        JobView small = Jobs.job("small").build();
        JobView big = Jobs.job("big").workerRange(4, 4).build();

        List<Allocation> placed = placement.place(cluster, List.of(small, big),
                List.of(new TaskCount(1, 0), new TaskCount(4, 0)));

        assertEquals(Allocation.NONE, placed.get(0), "placed after the big job, nothing was left");
        assertEquals(Map.of("n0", new TaskCount(4, 0)), placed.get(1).byNode());
    }

    @Test
    void aJobWithATargetOfNothingWaitsEvenIfRunning() {
        JobView running = Jobs.job("a").runningOn("n0", 1, 0).build();

        assertEquals(List.of(Allocation.NONE),
                placement.place(Clusters.uniform(1, 4), List.of(running), List.of(TaskCount.NONE)));
    }

    @Test
    void refusesTargetsThatDoNotMatchTheJobs() {
        assertThrows(IllegalArgumentException.class,
                () -> placement.place(Clusters.uniform(1, 4), List.of(Jobs.job("a").build()), List.of()));
    }
}
