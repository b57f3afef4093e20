package io.yarndl.scale.run;

/**
 * One reading of the RM once a second: its two event queues, the JVM's heap in use, and the running
 * totals the rates are taken from.
 *
 * @param second         seconds since the run started
 * @param rmQueue        events waiting in the RM's main dispatcher
 * @param schedulerQueue events waiting for the scheduler
 * @param heapMb         heap in use (RM, ZooKeeper and harness together: one JVM)
 * @param allocated      containers the scheduler allocated so far ({@code root} queue metrics)
 * @param nodeUpdates    node heartbeats the scheduler processed so far
 */
public record Probe(double second, int rmQueue, int schedulerQueue, double heapMb, long allocated, long nodeUpdates) {
}
