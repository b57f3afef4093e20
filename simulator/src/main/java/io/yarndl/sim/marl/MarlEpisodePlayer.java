package io.yarndl.sim.marl;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.interferenceaware.PredictedInterference;
import io.yarndl.core.placement.marl.CandidateScorer;
import io.yarndl.core.placement.marl.ChoiceRule;
import io.yarndl.core.placement.marl.DecisionListener;
import io.yarndl.core.placement.marl.MarlPlacement;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.gavel.GavelPolicy;
import io.yarndl.sim.engine.PlacementTruth;
import io.yarndl.sim.engine.SimConfig;
import io.yarndl.sim.engine.SimulationResult;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Plays one marl episode: a window's jobs under an allocation policy (optimus, drf, ...) whose sizes
 * go on nodes with the given placement, in the simulator with the placement ground truth
 * ({@link PlacementTruth#measured()}: exact layouts, racks, neighbours), collecting the JCT-based
 * reward per round. Safe from several threads: a scorer may be shared (ONNX Runtime sessions are
 * thread-safe); policy, placement, reward and log are made per episode.
 */
final class MarlEpisodePlayer {

    private static final long SAMPLING_STREAM = 0x3A71_5EEDL;

    private final ClusterSpec cluster;
    private final String policy;
    private final long simSeed;

    /**
     * @param cluster the simulated cluster
     * @param policy  the allocation policy's name
     * @param simSeed the simulator's seed (its noise), the same for every episode
     */
    MarlEpisodePlayer(ClusterSpec cluster, String policy, long simSeed) {
        this.cluster = cluster;
        this.policy = policy;
        this.simSeed = simSeed;
        // Fails now, naming the known policies, rather than in the first episode.
        registry(PlacementStrategies.named(PlacementStrategies.DEFAULT)).create(policy);
    }

    /** Sampling from the softmax of the scores at {@code temperature}, from the episode's own stream. */
    static ChoiceRule sampling(long window, int rollout, double temperature) {
        return ChoiceRule.sampling(new SplittableRandom(streamSeed(window, rollout)), temperature);
    }

    /**
     * Plays {@code jobs} with marl scoring by {@code scorer}, choosing by {@code choice}, every decision
     * recorded.
     */
    MarlEpisode playMarl(int index, long window, int rollout, List<TraceJob> jobs, CandidateScorer scorer,
                         ChoiceRule choice) {
        return play(index, window, rollout, jobs, log -> new MarlPlacement(scorer, choice, log,
                PredictedInterference.shipped()));
    }

    /** Plays {@code jobs} with a placement that makes no marl decisions (packing, interference-aware, ...). */
    MarlEpisode playWith(int index, long window, List<TraceJob> jobs, Supplier<PlacementStrategy> placement) {
        return play(index, window, 0, jobs, log -> placement.get());
    }

    private MarlEpisode play(int index, long window, int rollout, List<TraceJob> jobs,
                             Function<DecisionListener, PlacementStrategy> placement) {
        long start = System.nanoTime();
        SimConfig config = SimConfig.defaults(simSeed);
        JctReward reward = new JctReward(jobs, config.intervalSec());
        DecisionLog log = new DecisionLog(reward::round);
        SchedulingPolicy acting = registry(() -> placement.apply(log)).create(policy);
        SimulationResult result = new Simulator(cluster, config, PlacementTruth.measured())
                .run(acting, jobs.iterator(), reward, reward);
        return new MarlEpisode(index, window, rollout, reward.rewards(), jobs.size(), result.jobs(),
                result.avgJctSec(), log, (System.nanoTime() - start) / 1e9);
    }

    /** The allocation policies, each placing with what {@code placement} makes; dl2 is not one here. */
    private static PolicyRegistry registry(Supplier<PlacementStrategy> placement) {
        return PolicyRegistry.standard(strategy -> {
            throw new IllegalArgumentException("dl2 sizes jobs with its own network; marl places for optimus, drf, ...");
        }, GavelPolicy.DEFAULT_ROUND_SEC, placement);
    }

    /** The seed of an episode's sampling stream: decided by its window and rollout. */
    static long streamSeed(long window, int rollout) {
        return new SplittableRandom(window * 0x9E3779B97F4A7C15L + rollout * 0xBF58476D1CE4E5B9L + SAMPLING_STREAM)
                .nextLong();
    }
}
