package io.yarndl.scale.run;

import io.yarndl.scale.rm.ScaleResourceManager;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerMetrics;

/** The run's {@link Probe}s, one a second, taken on a thread of their own so harness lag does not skew them. */
final class ProbeLog {

    private final ScaleResourceManager rm;
    private final List<Probe> probes = new CopyOnWriteArrayList<>();
    private final long startNanos = System.nanoTime();

    ProbeLog(ScaleResourceManager rm) {
        this.rm = rm;
    }

    void take() {
        probes.add(new Probe((System.nanoTime() - startNanos) / 1e9, rm.rmDispatcherQueue(), rm.schedulerQueue(),
                heapMb(), rm.getResourceScheduler().getRootQueueMetrics().getAggregateAllocatedContainers(),
                CapacitySchedulerMetrics.getMetrics().getNumOfNodeUpdate()));
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
