package io.yarndl.sim.dl2;

import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.dl2.ActionChooser;
import io.yarndl.core.policy.dl2.DecisionRecorder;
import io.yarndl.core.policy.dl2.Dl2Model;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.sim.engine.SimulationResult;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Plays one rollout episode: generates the seed's workload, runs it in the simulator under the
 * acting policy (the network sampling its actions, or a teacher recorded as DL2 actions), streams
 * its decisions to the batch's part files and collects DL2's reward per round. Safe to call from
 * several threads at once: the network is shared (ONNX Runtime sessions are thread-safe), and the
 * policy, chooser and recording are made per episode.
 */
final class EpisodePlayer {

    private static final long SAMPLING_STREAM = 0x5A3D_1E55L;
    private static final long KEEP_STREAM = 0x4EE9_F4A5L;

    /**
     * What every episode of a batch shares.
     *
     * @param cluster       the simulated cluster
     * @param workload      which workload the seeds generate
     * @param jobs          jobs per episode
     * @param load          offered load
     * @param horizonRounds rounds after which an episode ends; 0 for none
     * @param keepFraction  probability a decision is written
     * @param network       the acting model, or null when a teacher acts
     * @param temperature   the sampling temperature, with a network
     * @param teacher       makes a fresh teacher policy, when no network acts
     * @param jobTypes      the state's job-type buckets
     */
    record Setup(ClusterSpec cluster, EpisodeWorkload workload, int jobs, double load, int horizonRounds,
                 double keepFraction, Dl2Model network, double temperature, Supplier<SchedulingPolicy> teacher,
                 List<String> jobTypes) {
    }

    private final Setup setup;
    private final RolloutBatch batch;
    private final AtomicBoolean abandoned;

    /**
     * @param abandoned when set, running episodes end at their next round (another episode failed)
     */
    EpisodePlayer(Setup setup, RolloutBatch batch, AtomicBoolean abandoned) {
        this.setup = setup;
        this.batch = batch;
        this.abandoned = abandoned;
    }

    /**
     * Plays episode {@code index}: workload seed {@code seed}, the seed's rollout number {@code rollout}.
     *
     * @throws IllegalStateException if the network failed and DL2 fell back to optimus, so the
     *                               episode is no longer the network's
     */
    RolloutEpisode play(int index, long seed, int rollout) throws IOException {
        long start = System.nanoTime();
        List<TraceJob> workloadJobs = setup.workload().jobs(setup.cluster(), setup.load(), setup.jobs(), seed);
        List<Double> rewards = new ArrayList<>();
        try (EpisodeRecording recording = new EpisodeRecording(batch.partsOf(index), setup.keepFraction(),
                streamSeed(seed, rollout, KEEP_STREAM))) {
            SchedulingPolicy policy = actingPolicy(seed, rollout, recording);
            SimulationResult result = new Simulator(setup.workload().cluster(setup.cluster()),
                    setup.workload().config(seed)).run(policy,
                    workloadJobs.iterator(), outcome -> { }, (round, timeSec, reward) -> {
                        rewards.add(reward);
                        recording.roundEnded(round);
                        return !abandoned.get() && (setup.horizonRounds() == 0 || round + 1 < setup.horizonRounds());
                    });
            if (policy instanceof Dl2Policy dl2 && !dl2.isServing()) {
                throw new IllegalStateException("episode " + index + " (seed " + seed + ", rollout " + rollout + "): "
                        + dl2.fallbackReason());
            }
            return new RolloutEpisode(index, seed, rollout, rewards.stream().mapToDouble(Double::doubleValue).toArray(),
                    workloadJobs.size(), result.jobs(), result.avgJctSec(), recording.seen(), recording.kept(),
                    (System.nanoTime() - start) / 1e9);
        }
    }

    private SchedulingPolicy actingPolicy(long seed, int rollout, DecisionRecorder recording) {
        if (setup.network() != null) {
            ActionChooser sampling = ActionChooser.sampling(streamSeed(seed, rollout, SAMPLING_STREAM),
                    setup.temperature());
            return Dl2Policy.training(setup.network(), sampling, recording);
        }
        return new TeacherRecorder(setup.teacher().get(), setup.jobTypes(), recording);
    }

    /**
     * The seed of one of an episode's random streams (action sampling, keeping decisions): decided
     * by the workload seed, the rollout number and the stream, so episodes never share a stream.
     */
    static long streamSeed(long seed, int rollout, long stream) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + rollout * 0xBF58476D1CE4E5B9L + stream).nextLong();
    }
}
