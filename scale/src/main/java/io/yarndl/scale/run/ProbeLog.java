package io.yarndl.scale.run;

import io.yarndl.scale.rm.RmSettings;
import io.yarndl.scale.rm.ScaleResourceManager;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerMetrics;

/** The run's {@link Probe}s, one a second, taken on a thread of their own so harness lag does not skew them. */
final class ProbeLog {

    private final ScaleResourceManager rm;
    private final Supplier<DlCensus> dlJobs;
    private final List<Probe> probes = new CopyOnWriteArrayList<>();
    private final long startNanos = System.nanoTime();

    /** @param dlJobs where the DL jobs stand now, as their AMs see it (the harness's side) */
    ProbeLog(ScaleResourceManager rm, Supplier<DlCensus> dlJobs) {
        this.rm = rm;
        this.dlJobs = dlJobs;
    }

    void take() {
        DlCensus census = dlJobs.get();
        probes.add(new Probe((System.nanoTime() - startNanos) / 1e9, rm.rmDispatcherQueue(), rm.schedulerQueue(),
                heapMb(), rm.getResourceScheduler().getRootQueueMetrics().getAggregateAllocatedContainers(),
                CapacitySchedulerMetrics.getMetrics().getNumOfNodeUpdate(), rm.gpusAllocated(), census.workers(),
                census.amsUp(), rm.inactiveApplications(RmSettings.DL_QUEUE), rm.reservedContainers()));
    }

    static double heapMb() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
    }

    List<Probe> all() {
        return List.copyOf(probes);
    }

    int maxRmQueue() {
        return probes.stream().mapToInt(Probe::rmQueue).max().orElse(0);
    }

    int maxSchedulerQueue() {
        return probes.stream().mapToInt(Probe::schedulerQueue).max().orElse(0);
    }

    double meanSchedulerQueue() {
        return probes.stream().mapToInt(Probe::schedulerQueue).average().orElse(0);
    }

    double maxHeapMb() {
        return probes.stream().mapToDouble(Probe::heapMb).max().orElse(0);
    }
}
