package io.yarndl.scale.run;

import io.yarndl.scale.SchedulerKind;

/**
 * One harness run: a cluster of {@code nodes} NodeManagers, {@code dlJobs} concurrent DL jobs and
 * {@code batchApps} concurrent non-DL applications, under {@code scheduler}. Applications are
 * submitted evenly over the warm-up; figures are taken over the {@code measureSec} after it.
 *
 * @param policy          yarn-dl's policy ({@code yarn.dl.scheduler.policy}); null for its default
 * @param roundIntervalMs yarn-dl's round interval; 0 for its default (5 s)
 * @param heartbeatMs     NodeManager and ApplicationMaster heartbeat interval (Hadoop's default 1 s)
 * @param threads         harness threads that run the simulated NodeManagers and AMs
 */
public record Scenario(SchedulerKind scheduler, int nodes, int dlJobs, int batchApps, int warmupSec, int measureSec,
                       String policy, long roundIntervalMs, long heartbeatMs, int threads, long seed) {

    public Scenario {
        positive("nodes", nodes);
        positive("measure seconds", measureSec);
        positive("heartbeat interval", heartbeatMs);
        positive("threads", threads);
        if (dlJobs < 0 || batchApps < 0 || warmupSec < 0) {
            throw new IllegalArgumentException("jobs, batch applications and warm-up must not be negative");
        }
    }

    private static void positive(String what, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(what + " must be positive, got " + value);
        }
    }

    /** The same run under another scheduler. */
    public Scenario with(SchedulerKind other) {
        return new Scenario(other, nodes, dlJobs, batchApps, warmupSec, measureSec, policy, roundIntervalMs,
                heartbeatMs, threads, seed);
    }
}
