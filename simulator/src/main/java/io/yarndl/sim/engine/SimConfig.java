package io.yarndl.sim.engine;

/**
 * How the simulator runs, apart from the workload and cluster.
 *
 * @param intervalSec        scheduling interval: the policy re-plans every this many simulated
 *                           seconds (Optimus and DL2 use 10 minutes)
 * @param resizeOverheadSec  seconds a job makes no progress after its allocation changes
 *                           (checkpoint, restart, re-rendezvous); also charged when it starts
 * @param sampleIntervalSec  a running job reports a progress sample every this many seconds
 * @param lossNoise          relative standard deviation of reported losses around the true curve
 * @param speedNoise         relative standard deviation of reported speeds around the true speed
 * @param maxSamplesPerJob   progress samples kept per job (older ones are thinned) so memory stays flat
 * @param seed               seeds all noise; same seed, same run
 */
public record SimConfig(double intervalSec, double resizeOverheadSec, double sampleIntervalSec, double lossNoise,
                        double speedNoise, int maxSamplesPerJob, long seed) {

    public static final double DEFAULT_INTERVAL_SEC = 600;

    public SimConfig {
        require(intervalSec > 0, "intervalSec must be positive, got " + intervalSec);
        require(resizeOverheadSec >= 0 && resizeOverheadSec < intervalSec,
                "resizeOverheadSec must be in [0, intervalSec), got " + resizeOverheadSec);
        require(sampleIntervalSec > 0, "sampleIntervalSec must be positive, got " + sampleIntervalSec);
        require(lossNoise >= 0 && speedNoise >= 0, "noise must be non-negative");
        require(maxSamplesPerJob >= 8, "maxSamplesPerJob must be at least 8, got " + maxSamplesPerJob);
    }

    /** Defaults: 10-minute rounds, 30 s resize overhead, a sample a minute, 2% loss and 5% speed noise. */
    public static SimConfig defaults(long seed) {
        return new SimConfig(DEFAULT_INTERVAL_SEC, 30, 60, 0.02, 0.05, 120, seed);
    }

    public SimConfig withInterval(double seconds) {
        return new SimConfig(seconds, resizeOverheadSec, sampleIntervalSec, lossNoise, speedNoise, maxSamplesPerJob, seed);
    }

    public SimConfig withResizeOverhead(double seconds) {
        return new SimConfig(intervalSec, seconds, sampleIntervalSec, lossNoise, speedNoise, maxSamplesPerJob, seed);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
