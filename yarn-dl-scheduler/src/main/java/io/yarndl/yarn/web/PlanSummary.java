package io.yarndl.yarn.web;

import java.util.List;
import java.util.Map;

/**
 * The plan in force, as {@code GET /ws/v1/cluster/dl/plan} shows it.
 *
 * @param time            the snapshot time it was made for, epoch seconds (0 before the first round)
 * @param policy          the policy that made it
 * @param rounds          rounds that put a plan in force
 * @param failedRounds    rounds whose policy failed (the last good plan stayed)
 * @param timedOutRounds  rounds whose policy overran (the same)
 * @param invalidPlans    rounds whose plan the plan check refused (the same)
 * @param lastRoundMillis how long the last good round took
 * @param jobs            per job, its size and the policy's reason for it
 */
public record PlanSummary(double time, String policy, long rounds, long failedRounds, long timedOutRounds,
                          long invalidPlans, double lastRoundMillis, List<Decision> jobs) {

    /**
     * @param placement workers and parameter servers per node where the policy places; empty where it leaves
     *                  placement to YARN
     */
    public record Decision(String id, int workers, int ps, Map<String, Tasks> placement, String reason) {
    }

    /** Tasks on one node. */
    public record Tasks(int workers, int ps) {
    }
}
