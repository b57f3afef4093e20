package io.yarndl.scale.run;

import io.yarndl.scale.rm.RmSettings;
import io.yarndl.scale.rm.ScaleResourceManager;
import java.lang.management.ManagementFactory;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerMetrics;

/**
 * The run's {@link Probe}s, one a second, taken on a thread of their own so harness lag does not skew
 * them. The event-queue figures are the measured window's alone: the warm-up's submissions queue
 * events that say nothing about a steady backlog.
 */
final class ProbeLog {

    private final ScaleResourceManager rm;
    private final Supplier<DlCensus> dlJobs;
    private final List<Probe> probes = new CopyOnWriteArrayList<>();
    private final long startNanos = System.nanoTime();
    private volatile double windowStart = Double.POSITIVE_INFINITY;
    private volatile double windowEnd = Double.POSITIVE_INFINITY;

    /** @param dlJobs where the DL jobs stand now, as their AMs see it (the harness's side) */
    ProbeLog(ScaleResourceManager rm, Supplier<DlCensus> dlJobs) {
        this.rm = rm;
        this.dlJobs = dlJobs;
    }

    /** The measured window starts now. */
    void openWindow() {
        windowStart = now();
    }

    /** The measured window ends now. */
    void closeWindow() {
        windowEnd = now();
    }

    private double now() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    void take() {
        DlCensus census = dlJobs.get();
        probes.add(new Probe(now(), rm.rmDispatcherQueue(), rm.schedulerQueue(),
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

    /** The RM dispatcher's queue over the measured window. */
    IntSummaryStatistics rmQueue() {
        return window().mapToInt(Probe::rmQueue).summaryStatistics();
    }

    /** The scheduler's event queue over the measured window. */
    IntSummaryStatistics schedulerQueue() {
        return window().mapToInt(Probe::schedulerQueue).summaryStatistics();
    }

    private Stream<Probe> window() {
        return probes.stream().filter(p -> p.second() >= windowStart && p.second() <= windowEnd);
    }

    double maxHeapMb() {
        return probes.stream().mapToDouble(Probe::heapMb).max().orElse(0);
    }
}
