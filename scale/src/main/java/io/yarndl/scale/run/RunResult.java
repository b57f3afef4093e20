package io.yarndl.scale.run;

import java.util.List;

/**
 * The figures of one harness run, over its measured window (after the warm-up). Rates are per
 * second of that window; latencies in milliseconds. Rounds and their times are the scheduler's own
 * {@code rounds} timer (snapshot, plan, check and record), the window's samples alone
 * ({@link RoundWindow}); NaN under the stock CapacityScheduler, which has no rounds.
 *
 * @param heartbeatsPerSec   {@code nodeHeartbeat()} calls the RM answered
 * @param nodeUpdatesPerSec  node updates the scheduler processed (CapacityScheduler's own count)
 * @param containersPerSec   containers the scheduler allocated ({@code root} queue metrics)
 * @param containersTotal    containers it allocated over the whole run, warm-up included
 * @param roundCpuP50Ms      the rounds' CPU time (round and policy threads, {@code rounds.cpu}), median;
 *                           below the wall time by the time a round waited for a CPU
 * @param roundCpuP99Ms      the same, p99
 * @param rmQueueMax         the RM dispatcher's event queue at its longest in the measured window (probes once a second)
 * @param rmQueueMean        its mean over the window
 * @param schedulerQueueMax  the scheduler's event queue at its longest in the window
 * @param schedulerQueueMean its mean over the window
 * @param heapPeakMb         most heap in use at any probe (one JVM: RM, ZooKeeper and harness)
 * @param heapLiveMb         heap in use after a full GC at the end, the run still up
 * @param lagP99Ms           how late the harness's heartbeat timers fired, p99: the harness's own limit
 * @param dlRunning          DL jobs holding at least one worker at the end
 * @param dlWorkers          workers all DL jobs held at the end (one GPU each, started on their nodes)
 * @param gpusAllocated      GPUs the RM counted allocated at the end; more than {@code dlWorkers} by the
 *                           containers in transit (allocated but not yet taken by their AM, or given
 *                           back or preempted but not yet reported ended by their node)
 * @param dlAmsUp            DL jobs whose ApplicationMaster ran at the end (launched and registered)
 * @param dlAppsInactive     DL applications the scheduler had not yet activated at the end (held back
 *                           by the queue's AM resource limit, so no AM container was asked for)
 * @param reservedContainers containers reserved on nodes at the end (the CapacityScheduler reserves a
 *                           node for a container that does not fit on it yet)
 * @param reservations       the containers reserved at the end, by class, and those yarn-dl cancelled
 * @param grows              yarn-dl plans that grew a running job (its {@code resizes.grows})
 * @param shrinks            yarn-dl plans that shrank one ({@code resizes.shrinks})
 * @param preemptionsAnswered containers DL AMs gave back when a preemption message named them
 */
public record RunResult(Scenario scenario, double measuredSec,
                        double heartbeatsPerSec, double nodeUpdatesPerSec, double heartbeatP50Ms,
                        double heartbeatP99Ms, double allocatesPerSec, double allocateP50Ms, double allocateP99Ms,
                        double containersPerSec, long containersTotal, long rounds, double roundP50Ms, double roundP99Ms,
                        double roundCpuP50Ms, double roundCpuP99Ms,
                        int rmQueueMax, double rmQueueMean, int schedulerQueueMax, double schedulerQueueMean,
                        double zkWritesPerSec, double zkReadsPerSec, double heapPeakMb, double heapLiveMb,
                        double lagP99Ms, int dlRunning, int dlWorkers, long gpusAllocated, int dlAmsUp,
                        int dlAppsInactive, int reservedContainers, ReservationCensus reservations, long grows, long shrinks,
                        long preemptionsAnswered, long errors, List<String> firstErrors, List<Probe> probes) {

    /**
     * Whether the harness, not the RM, limited this run: its timers fired more than half a heartbeat
     * late at p99, or the nodes managed under 90% of the heartbeats they were due.
     */
    public boolean harnessBound() {
        double due = scenario.nodes() * 1000.0 / scenario.heartbeatMs();
        return lagP99Ms > scenario.heartbeatMs() / 2.0 || heartbeatsPerSec < 0.9 * due;
    }
}
