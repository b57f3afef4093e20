package io.yarndl.sim.workload;

/**
 * How far a job may shrink and grow around the size it asked for. Synthetic workloads and the
 * Philly trace record only a requested size, so both derive the elastic range with
 * {@link #forRequest(JobType, int)}, one rule for every workload.
 *
 * @param requestedWorkers static size asked for
 * @param requestedPs      parameter servers asked for (0 for all-reduce)
 * @param minWorkers       fewest workers
 * @param maxWorkers       most workers
 * @param minPs            fewest parameter servers (0 for all-reduce)
 * @param maxPs            most parameter servers (0 for all-reduce)
 */
public record ElasticBounds(int requestedWorkers, int requestedPs, int minWorkers, int maxWorkers, int minPs,
                            int maxPs) {

    /**
     * A job may grow to at least this many tasks of a kind, when its type's measurements reach
     * that far: two 8-GPU nodes, enough for elastic policies to differ from static ones even when
     * most jobs ask for one GPU (as 93% of Philly's do).
     */
    public static final int GROWTH_FLOOR = 16;

    public ElasticBounds {
        if (!(1 <= minWorkers && minWorkers <= requestedWorkers && requestedWorkers <= maxWorkers)) {
            throw new IllegalArgumentException("need 1 <= minWorkers <= requestedWorkers <= maxWorkers, got "
                    + minWorkers + ", " + requestedWorkers + ", " + maxWorkers);
        }
        if (!(0 <= minPs && minPs <= requestedPs && requestedPs <= maxPs)) {
            throw new IllegalArgumentException("need 0 <= minPs <= requestedPs <= maxPs, got "
                    + minPs + ", " + requestedPs + ", " + maxPs);
        }
    }

    /**
     * The documented rule:
     * <ul>
     *   <li>workers: min 1, max {@code max(w, min(typeMax, max(2w, 16)))} for a request of
     *       {@code w}: twice the request or 16, whichever is more, but no further than the type's
     *       measurements ({@link JobType#maxWorkers()}), and never below the request itself;</li>
     *   <li>parameter-server types: requested PS {@code min(ceil(w/2), psMax)} where
     *       {@code psMax = max(1, type.maxPs())} (one server per two workers: a choice, not a
     *       measurement; traces record no servers), min 1, max by the same rule as workers with
     *       {@code psMax} as the type's limit;</li>
     *   <li>all-reduce types: no parameter servers.</li>
     * </ul>
     *
     * @param type             the job's type
     * @param requestedWorkers workers asked for, at least 1
     */
    public static ElasticBounds forRequest(JobType type, int requestedWorkers) {
        if (requestedWorkers < 1) {
            throw new IllegalArgumentException("requested workers must be at least 1, got " + requestedWorkers);
        }
        int maxWorkers = growthLimit(requestedWorkers, Math.max(1, type.maxWorkers()));
        if (!type.usesParameterServers()) {
            return new ElasticBounds(requestedWorkers, 0, 1, maxWorkers, 0, 0);
        }
        int psLimit = Math.max(1, type.maxPs());
        int requestedPs = Math.min((requestedWorkers + 1) / 2, psLimit);
        return new ElasticBounds(requestedWorkers, requestedPs, 1, maxWorkers, 1, growthLimit(requestedPs, psLimit));
    }

    private static int growthLimit(int requested, int typeLimit) {
        long wanted = Math.max(2L * requested, GROWTH_FLOOR);
        return (int) Math.max(requested, Math.min(typeLimit, wanted));
    }
}
