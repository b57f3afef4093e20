package io.yarndl.scale.report;

import io.yarndl.scale.run.RunResult;
import java.util.List;
import java.util.Locale;

/** The runs as one markdown table, one row per run, for the terminal and docs/scale.md. */
public final class ScaleTable {

    private ScaleTable() {
    }

    public static String format(List<RunResult> results) {
        StringBuilder out = new StringBuilder();
        out.append("| scheduler | NMs | DL jobs | NM hb/s | sched. node updates/s | hb p50/p99 ms | allocate/s "
                + "| allocate p50/p99 ms | containers/s | rounds | round p50/p99 ms | round CPU p50/p99 ms | sched. queue mean/max "
                + "| RM queue mean/max | ZK writes/s | ZK reads/s | heap peak/live MB | DL jobs running (GPUs held / allocated) | DL AMs up "
                + "| grows/shrinks | harness lag p99 ms | errors |\n");
        out.append("|---".repeat(22)).append("|\n");
        for (RunResult r : results) {
            out.append(String.format(Locale.ROOT,
                    "| %s | %d | %d | %.0f | %.0f | %.2f / %.2f | %.0f | %.2f / %.2f | %.1f | %d | %s | %s | %.1f / %d "
                            + "| %.1f / %d | %.1f | %.1f | %.0f / %.0f | %d (%d / %d) | %d | %d / %d | %.0f%s | %d |%n",
                    r.scenario().scheduler().label(), r.scenario().nodes(), r.scenario().dlJobs(), r.heartbeatsPerSec(),
                    r.nodeUpdatesPerSec(), r.heartbeatP50Ms(), r.heartbeatP99Ms(), r.allocatesPerSec(),
                    r.allocateP50Ms(), r.allocateP99Ms(), r.containersPerSec(), r.rounds(), rounds(r, r.roundP50Ms(), r.roundP99Ms()),
                    rounds(r, r.roundCpuP50Ms(), r.roundCpuP99Ms()),
                    r.schedulerQueueMean(), r.schedulerQueueMax(), r.rmQueueMean(), r.rmQueueMax(), r.zkWritesPerSec(),
                    r.zkReadsPerSec(), r.heapPeakMb(), r.heapLiveMb(), r.dlRunning(), r.dlWorkers(), r.gpusAllocated(), r.dlAmsUp(), r.grows(),
                    r.shrinks(), r.lagP99Ms(), r.harnessBound() ? " (harness-bound)" : "", r.errors()));
        }
        return out.toString();
    }

    private static String rounds(RunResult r, double p50Ms, double p99Ms) {
        return Double.isNaN(p50Ms) ? (r.rounds() > 0 ? "n/a" : "-")
                : String.format(Locale.ROOT, "%.1f / %.1f", p50Ms, p99Ms);
    }
}
