package io.yarndl.scale.run;

/**
 * One reading of the RM once a second: its two event queues, the JVM's heap in use, the running
 * totals the rates are taken from, and where the DL jobs' ApplicationMasters stand.
 *
 * @param second         seconds since the run started
 * @param rmQueue        events waiting in the RM's main dispatcher
 * @param schedulerQueue events waiting for the scheduler
 * @param heapMb         heap in use (RM, ZooKeeper and harness together: one JVM)
 * @param allocated      containers the scheduler allocated so far ({@code root} queue metrics)
 * @param nodeUpdates    node heartbeats the scheduler processed so far
 * @param gpusAllocated  GPUs the RM counts allocated
 * @param gpusHeld       GPUs the DL jobs' AMs hold (workers started on their nodes); the difference
 *                       to {@code gpusAllocated} is in transit between RM, AM and node
 * @param dlAmsUp        DL jobs whose ApplicationMaster runs
 * @param dlAppsInactive DL applications not yet activated by the scheduler (the queue's AM limit)
 * @param reserved       containers reserved on nodes
 */
public record Probe(double second, int rmQueue, int schedulerQueue, double heapMb, long allocated, long nodeUpdates,
                    long gpusAllocated, int gpusHeld, int dlAmsUp, int dlAppsInactive, int reserved) {
}
