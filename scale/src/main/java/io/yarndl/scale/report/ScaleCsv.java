package io.yarndl.scale.report;

import io.yarndl.scale.run.Probe;
import io.yarndl.scale.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The runs as CSV: {@code scale.csv} with one row per run (every figure of {@link RunResult}), and
 * per run {@code probes-<scheduler>-<nodes>nm-<jobs>jobs.csv} with its one-a-second probes.
 */
public final class ScaleCsv {

    private ScaleCsv() {
    }

    public static void write(Path dir, List<RunResult> results) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("scheduler,nodes,dl_jobs,batch_apps,measured_s,heartbeats_per_s,node_updates_per_s,heartbeat_p50_ms,"
                + "heartbeat_p99_ms,allocates_per_s,allocate_p50_ms,allocate_p99_ms,containers_per_s,containers_total,rounds,"
                + "round_p50_ms,round_p99_ms,round_cpu_p50_ms,round_cpu_p99_ms,rm_queue_max,rm_queue_mean,scheduler_queue_max,scheduler_queue_mean,zk_writes_per_s,"
                + "zk_reads_per_s,heap_peak_mb,heap_live_mb,harness_lag_p99_ms,harness_bound,dl_running,dl_workers,"
                + "gpus_allocated,dl_ams_up,dl_apps_inactive,reserved_containers,grows,shrinks,preemptions_answered,errors");
        for (RunResult r : results) {
            lines.add(String.format(Locale.ROOT,
                    "%s,%d,%d,%d,%.1f,%.2f,%.2f,%.3f,%.3f,%.2f,%.3f,%.3f,%.2f,%d,%d,%.3f,%.3f,%.3f,%.3f,%d,%.2f,%d,%.2f,%.2f,%.2f,"
                            + "%.0f,%.0f,%.1f,%b,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d",
                    r.scenario().scheduler().label(), r.scenario().nodes(), r.scenario().dlJobs(),
                    r.scenario().batchApps(), r.measuredSec(), r.heartbeatsPerSec(), r.nodeUpdatesPerSec(),
                    r.heartbeatP50Ms(), r.heartbeatP99Ms(), r.allocatesPerSec(), r.allocateP50Ms(), r.allocateP99Ms(),
                    r.containersPerSec(), r.containersTotal(), r.rounds(), r.roundP50Ms(), r.roundP99Ms(),
                    r.roundCpuP50Ms(), r.roundCpuP99Ms(), r.rmQueueMax(), r.rmQueueMean(),
                    r.schedulerQueueMax(), r.schedulerQueueMean(), r.zkWritesPerSec(), r.zkReadsPerSec(),
                    r.heapPeakMb(), r.heapLiveMb(), r.lagP99Ms(), r.harnessBound(), r.dlRunning(), r.dlWorkers(),
                    r.gpusAllocated(), r.dlAmsUp(), r.dlAppsInactive(), r.reservedContainers(), r.grows(), r.shrinks(), r.preemptionsAnswered(), r.errors()));
            writeProbes(dir.resolve("probes-" + name(r) + ".csv"), r.probes());
        }
        Files.write(dir.resolve("scale.csv"), lines);
    }

    /** The file-name stem of a run: {@code <scheduler>-<nodes>nm-<jobs>jobs}. */
    static String name(RunResult r) {
        return r.scenario().scheduler().label() + "-" + r.scenario().nodes() + "nm-" + r.scenario().dlJobs() + "jobs";
    }

    private static void writeProbes(Path file, List<Probe> probes) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("second,rm_queue,scheduler_queue,heap_mb,containers_allocated,node_updates,gpus_allocated,gpus_held,"
                + "dl_ams_up,dl_apps_inactive,reserved_containers");
        for (Probe p : probes) {
            lines.add(String.format(Locale.ROOT, "%.1f,%d,%d,%.0f,%d,%d,%d,%d,%d,%d,%d", p.second(),
                    p.rmQueue(), p.schedulerQueue(), p.heapMb(), p.allocated(), p.nodeUpdates(), p.gpusAllocated(),
                    p.gpusHeld(), p.dlAmsUp(), p.dlAppsInactive(), p.reserved()));
        }
        Files.write(file, lines);
    }
}
