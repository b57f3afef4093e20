package io.yarndl.sim.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The JVM's peak heap use during one simulated run, read from the memory pools' peak counters:
 * how the CLI shows that memory stays flat as traces grow. The sum of per-pool peaks is an upper
 * bound (pools peak at different moments).
 */
final class HeapPeak {

    private HeapPeak() {
    }

    static void reset() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    static long usedMegabytes() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                bytes += pool.getPeakUsage().getUsed();
            }
        }
        return bytes / (1024 * 1024);
    }
}
