package io.yarndl.sim.engine;

import io.yarndl.sim.workload.JobType;

/**
 * How the simulator runs, apart from the workload and cluster.
 *
 * @param intervalSec        scheduling interval: the policy re-plans every this many simulated
 *                           seconds (Optimus and DL2 use 10 minutes)
 * @param resizeOverheadSec  seconds a job makes no progress after its allocation changes
 *                           (checkpoint, restart, re-rendezvous); also charged when it starts; where
 *                           {@code restartCost} gives a job its own cost, that instead (which may
 *                           last longer than a round)
 * @param sampleIntervalSec  a running job reports a progress sample every this many seconds
 * @param lossNoise          relative standard deviation of reported losses around the true curve
 * @param speedNoise         relative standard deviation of reported speeds around the true speed
 * @param maxSamplesPerJob   progress samples kept per job (older ones are thinned) so memory stays flat
 * @param seed               seeds all noise; same seed, same run
 * @param restartCost        what a restart costs a job ({@code resizeOverheadSec} for {@link RestartCostRule#FIXED})
 * @param noiseScaleNoise    relative standard deviation of reported gradient noise scales around the true one
 */
public record SimConfig(double intervalSec, double resizeOverheadSec, double sampleIntervalSec, double lossNoise,
                        double speedNoise, int maxSamplesPerJob, long seed, RestartCostRule restartCost,
                        double noiseScaleNoise) {

    public static final double DEFAULT_INTERVAL_SEC = 600;

    /**
     * Relative noise of a reported gradient noise scale: 10%, twice the speed's, since the noise scale is
     * estimated from the variance of a few micro-batches' gradients (Pollux smooths it for that reason).
     */
    public static final double DEFAULT_NOISE_SCALE_NOISE = 0.1;

    /** As the canonical constructor, restarts costing what {@link RestartCostRule#PROFILE} says. */
    public SimConfig(double intervalSec, double resizeOverheadSec, double sampleIntervalSec, double lossNoise,
                     double speedNoise, int maxSamplesPerJob, long seed) {
        this(intervalSec, resizeOverheadSec, sampleIntervalSec, lossNoise, speedNoise, maxSamplesPerJob, seed,
                RestartCostRule.PROFILE, DEFAULT_NOISE_SCALE_NOISE);
    }

    public SimConfig {
        require(intervalSec > 0, "intervalSec must be positive, got " + intervalSec);
        require(resizeOverheadSec >= 0 && resizeOverheadSec < intervalSec,
                "resizeOverheadSec must be in [0, intervalSec), got " + resizeOverheadSec);
        require(sampleIntervalSec > 0, "sampleIntervalSec must be positive, got " + sampleIntervalSec);
        require(lossNoise >= 0 && speedNoise >= 0, "noise must be non-negative");
        require(maxSamplesPerJob >= 8, "maxSamplesPerJob must be at least 8, got " + maxSamplesPerJob);
        require(restartCost != null, "restartCost must be given");
        require(noiseScaleNoise >= 0, "noise must be non-negative");
    }

    /** Defaults: 10-minute rounds, 30 s resize overhead, a sample a minute, 2% loss and 5% speed noise. */
    public static SimConfig defaults(long seed) {
        return new SimConfig(DEFAULT_INTERVAL_SEC, 30, 60, 0.02, 0.05, 120, seed);
    }

    public SimConfig withInterval(double seconds) {
        return new SimConfig(seconds, resizeOverheadSec, sampleIntervalSec, lossNoise, speedNoise, maxSamplesPerJob, seed,
                restartCost, noiseScaleNoise);
    }

    public SimConfig withResizeOverhead(double seconds) {
        return new SimConfig(intervalSec, seconds, sampleIntervalSec, lossNoise, speedNoise, maxSamplesPerJob, seed,
                restartCost, noiseScaleNoise);
    }

    public SimConfig withRestartCost(RestartCostRule rule) {
        return new SimConfig(intervalSec, resizeOverheadSec, sampleIntervalSec, lossNoise, speedNoise, maxSamplesPerJob,
                seed, rule, noiseScaleNoise);
    }

    /** Seconds a job of {@code type} takes to restart with {@code workers} workers. */
    public double restartSeconds(JobType type, int workers) {
        return restartCost.seconds(type, workers, resizeOverheadSec);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
