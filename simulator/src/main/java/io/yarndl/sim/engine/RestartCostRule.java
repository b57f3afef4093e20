package io.yarndl.sim.engine;

import io.yarndl.sim.workload.JobType;
import java.util.Objects;

/**
 * What a job's checkpoint-restart costs in the simulator: the seconds from a new allocation to
 * training again, charged whenever its allocation changes (and when it starts), during which it
 * makes no progress and holds what it was given.
 *
 * <ul>
 *   <li>{@link Mode#FIXED}: every job, every time, the flat {@code --resize-overhead-sec} (as
 *       Optimus', DL2's and Pollux's simulators do: Pollux charges 30 s);</li>
 *   <li>{@link Mode#PROFILE}: a job whose type declares its application's restart time
 *       ({@link JobType#restartSec()}: Sia's measured {@code rescale_time}, 15 s for ncf to 250 s
 *       for imagenet) pays that plus {@code perWorkerSec} for every worker of the new allocation
 *       beyond the first, {@code R_app + perWorkerSec (w - 1)}; other types pay the flat overhead.</li>
 * </ul>
 *
 * <p>Why a per-worker term, and why {@value #DEFAULT_PER_WORKER_SEC} s: every resize of the elastic
 * AM restarts every worker from the checkpoint (stop-resume), and its measured resize latency
 * (docs/elastic-jobs.md, two runs of {@code ElasticPyTorchJobTest}) is 3.3 to 4.2 s for a resize
 * that starts no container and 4.2 to 7.3 s for one that starts one more: 0.9 to 3.1 s more per
 * container started, 1.7 s on average over the eight measured pairs. Sia's per-application figures
 * do not say at what size they were taken; charging each worker beyond the first that much makes a
 * 64-GPU imagenet restart 357 s and a one-GPU one 250 s, so that large jobs pay more to move.
 *
 * @param mode         which rule
 * @param perWorkerSec seconds per worker beyond the first, for {@link Mode#PROFILE}
 */
public record RestartCostRule(Mode mode, double perWorkerSec) {

    /** Seconds per worker beyond the first (see the class comment). */
    public static final double DEFAULT_PER_WORKER_SEC = 1.7;

    /** The flat overhead for every job. */
    public static final RestartCostRule FIXED = new RestartCostRule(Mode.FIXED, 0);

    /** Each application's measured restart plus {@link #DEFAULT_PER_WORKER_SEC} per worker. */
    public static final RestartCostRule PROFILE = new RestartCostRule(Mode.PROFILE, DEFAULT_PER_WORKER_SEC);

    /** The rules, as {@code --restart-cost} names them. */
    public enum Mode {
        /** Each application's measured restart time and a per-worker term, where measured. */
        PROFILE,
        /** The flat resize overhead for every job. */
        FIXED
    }

    public RestartCostRule {
        Objects.requireNonNull(mode, "mode");
        if (!(perWorkerSec >= 0) || Double.isInfinite(perWorkerSec)) {
            throw new IllegalArgumentException("seconds per worker must be finite and >= 0, got " + perWorkerSec);
        }
    }

    /** This rule with {@code seconds} per worker beyond the first. */
    public RestartCostRule withPerWorker(double seconds) {
        return new RestartCostRule(mode, seconds);
    }

    /** True where a job of {@code type} pays its own restart, not the flat overhead. */
    public boolean appliesTo(JobType type) {
        return mode == Mode.PROFILE && type.restartSec().isPresent();
    }

    /**
     * Seconds a job of {@code type} takes to restart with {@code workers} workers, where the flat
     * overhead is {@code fixedSec}.
     */
    public double seconds(JobType type, int workers, double fixedSec) {
        if (!appliesTo(type)) {
            return fixedSec;
        }
        return type.restartSec().getAsDouble() + perWorkerSec * Math.max(0, workers - 1);
    }
}
