package io.yarndl.am.master;

import io.yarndl.am.launch.Role;

/**
 * Sizes and budgets of an elastic job.
 *
 * @param minWorkers          fewest workers it trains with
 * @param maxWorkers          most workers it can use
 * @param minServers          fewest parameter servers (0 for all-reduce)
 * @param maxServers          most parameter servers
 * @param maxFailures         failed generations survived before the job fails
 * @param checkpointTimeoutMs how long a resize waits for the checkpoint
 * @param settleMs            how long a grant waits for more grants before the restart
 * @param globalBatchSize     samples per step, to turn samples/s into steps/s
 */
public record JobLimits(int minWorkers, int maxWorkers, int minServers, int maxServers, int maxFailures,
                        long checkpointTimeoutMs, long settleMs, int globalBatchSize) {
    public JobLimits {
        if (minWorkers < 1 || maxWorkers < minWorkers || minServers < 0 || maxServers < minServers
                || maxFailures < 0 || checkpointTimeoutMs <= 0 || settleMs < 0 || globalBatchSize <= 0) {
            throw new IllegalArgumentException("inconsistent job limits: " + this);
        }
    }

    int min(Role role) {
        return role == Role.WORKER ? minWorkers : minServers;
    }

    int max(Role role) {
        return role == Role.WORKER ? maxWorkers : maxServers;
    }
}
