package io.yarndl.bench;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.TaskRole;
import io.yarndl.yarn.round.YarnResources;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.MockNodes;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerNode;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;

/**
 * {@link BenchmarkCluster}'s input as the YARN adapter's round receives it: real Hadoop
 * {@link FiCaSchedulerNode}s (over the RM test jar's {@link MockNodes} {@code RMNode}s) of 8 GPUs,
 * 64 vcores and 512 GB spread over racks, and the jobs as {@link DlJobState}s holding one
 * {@link HeldTask} per container. Half the jobs run with containers and progress samples, a
 * quarter wait with a history but no containers (preempted, or not yet given their containers back
 * after an RM restart) and a quarter are new, with neither.
 *
 * <p>The nodes' own books hold no containers, so each reports all of its resources unallocated;
 * the round adds the deep-learning tasks' resources back and clamps at capacity, so the snapshot
 * is the one a live RM with these containers would give. Registers {@code yarn.io/gpu} as a
 * resource type, a process-wide Hadoop setting, before it builds any node.
 */
public final class YarnBenchmarkCluster {

    private final double nowSec;
    private final List<FiCaSchedulerNode> nodes;
    private final List<DlJobState> jobs;

    private YarnBenchmarkCluster(double nowSec, List<FiCaSchedulerNode> nodes, List<DlJobState> jobs) {
        this.nowSec = nowSec;
        this.nodes = nodes;
        this.jobs = jobs;
    }

    public double nowSec() {
        return nowSec;
    }

    public List<FiCaSchedulerNode> nodes() {
        return nodes;
    }

    /** The nodes read as a round in the RM reads them (each under its own lock), read afresh on every call. */
    public List<io.yarndl.yarn.round.NodeReading> readings() {
        return io.yarndl.yarn.round.NodeReading.ofAll(nodes);
    }

    public List<DlJobState> jobs() {
        return jobs;
    }

    /** Builds the input; the same arguments give the same input. */
    public static YarnBenchmarkCluster build(int nodeCount, int rackCount, int jobCount, long seed) {
        declareGpus();
        BenchmarkCluster core = BenchmarkCluster.build(nodeCount, jobCount, seed);
        Resources shape = BenchmarkCluster.NODE;
        Resource capacity = Resource.newInstance(shape.memoryMb(), shape.vcores(),
                Map.of(YarnResources.GPU, (long) shape.gpus()));
        int perRack = (nodeCount + rackCount - 1) / rackCount;
        List<FiCaSchedulerNode> nodes = new ArrayList<>(nodeCount);
        for (int i = 0; i < nodeCount; i++) {
            // Host names are BenchmarkCluster's node ids, so its allocations name these nodes.
            String host = core.snapshot().nodes().get(i).id();
            nodes.add(new FiCaSchedulerNode(MockNodes.newNodeInfo(i / perRack, capacity, i, host, 8041), false));
        }
        List<DlJobState> jobs = new ArrayList<>(jobCount);
        for (int j = 0; j < jobCount; j++) {
            jobs.add(jobState(j, core.jobs().get(j)));
        }
        YarnBenchmarkCluster cluster = new YarnBenchmarkCluster(core.snapshot().timeSec(), List.copyOf(nodes),
                List.copyOf(jobs));
        cluster.check(shape);
        return cluster;
    }

    private static void declareGpus() {
        Configuration conf = new Configuration(false);
        conf.set(YarnConfiguration.RESOURCE_TYPES, YarnResources.GPU);
        ResourceUtils.resetResourceTypes(conf);
    }

    private static DlJobState jobState(int index, JobView view) {
        if (index % 4 == 1) {
            // Runs in BenchmarkCluster; here it waits, with the history it made while it ran.
            return new DlJobState(view.spec(), view.submitTimeSec(), List.of(), view.samples());
        }
        return new DlJobState(view.spec(), view.submitTimeSec(), tasks(index, view), view.samples());
    }

    private static List<HeldTask> tasks(int index, JobView view) {
        Allocation allocation = view.allocation();
        List<HeldTask> tasks = new ArrayList<>(allocation.workers() + allocation.ps());
        // Container 1 is the ApplicationMaster's, never a task.
        int container = 2;
        for (Map.Entry<String, TaskCount> onNode : allocation.byNode().entrySet()) {
            for (int w = 0; w < onNode.getValue().workers(); w++) {
                tasks.add(new HeldTask(containerId(index, container++), onNode.getKey(), TaskRole.WORKER,
                        view.spec().workerDemand()));
            }
            for (int p = 0; p < onNode.getValue().ps(); p++) {
                tasks.add(new HeldTask(containerId(index, container++), onNode.getKey(),
                        TaskRole.PARAMETER_SERVER, view.spec().psDemand()));
            }
        }
        return tasks;
    }

    private static String containerId(int app, int container) {
        return String.format("container_1700000000000_%04d_01_%06d", app + 1, container);
    }

    // A mistake here would not fail the round, only make it measure something else (no GPUs, tasks
    // on unknown nodes): refuse to benchmark it.
    private void check(Resources shape) {
        if (!YarnResources.gpuTypeDeclared()) {
            throw new IllegalStateException("yarn.io/gpu is not a registered resource type");
        }
        Set<String> names = new HashSet<>();
        for (FiCaSchedulerNode node : nodes) {
            if (!YarnResources.toCore(node.getTotalResource()).equals(shape)) {
                throw new IllegalStateException("node " + node.getNodeName() + " has "
                        + YarnResources.toCore(node.getTotalResource()) + ", not " + shape);
            }
            names.add(node.getNodeName());
        }
        for (DlJobState job : jobs) {
            for (HeldTask task : job.tasks()) {
                if (!names.contains(task.nodeName())) {
                    throw new IllegalStateException(job.id() + " holds a task on unknown node " + task.nodeName());
                }
            }
        }
    }
}
