package io.yarndl.yarn.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.yarn.config.PolicyGuard;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class PolicyRunnerTest {

    private static final ClusterSnapshot EMPTY = new ClusterSnapshot(0, List.of());
    private static final Duration OVERRUN = Duration.ofMillis(100);

    @Test
    void savesALearningPolicysStateAfterEachGoodRound() throws Exception {
        try (PolicyRunner runner = runner(false, Duration.ofSeconds(5))) {
            runner.plan(EMPTY, List.of());
            runner.plan(EMPTY, List.of());

            assertEquals(2, rounds(runner.lastState().orElseThrow()));
        }
    }

    @Test
    void aRestoredPolicyGoesOnFromTheStateItWasGiven() throws Exception {
        try (PolicyRunner runner = runner(false, Duration.ofSeconds(5))) {
            Set<String> dropped = runner.restore(Learner.state(41));
            runner.plan(EMPTY, List.of());

            assertTrue(dropped.isEmpty());
            assertEquals(42, rounds(runner.lastState().orElseThrow()));
        }
    }

    @Test
    void gavelsRoundBookkeepingIsSavedAndCarriedToTheRunnerOfARestartedScheduler() throws Exception {
        String gavel = "gavel-max-min-fairness";
        PolicyState saved;
        try (PolicyRunner before = new PolicyRunner(PolicyRegistry.standard(), gavel, Duration.ofSeconds(5))) {
            before.plan(EMPTY, List.of());
            before.plan(new ClusterSnapshot(100, List.of()), List.of());
            saved = before.lastState().orElseThrow();
        }
        assertEquals(new PolicyState.Rounds(Map.of(), 0, 100), saved.rounds());

        try (PolicyRunner after = new PolicyRunner(PolicyRegistry.standard(), gavel, Duration.ofSeconds(5))) {
            assertTrue(after.restore(saved).isEmpty());
            assertEquals(saved.rounds(), after.lastState().orElseThrow().rounds());
        }
    }

    @Test
    void theInstanceThatReplacesAnOverrunningPolicyKeepsWhatTheOldOneLearned() throws Exception {
        try (PolicyRunner runner = runner(true, Duration.ofMillis(300))) {
            runner.plan(EMPTY, List.of());
            assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));
            runner.plan(EMPTY, List.of());

            assertEquals(2, rounds(runner.lastState().orElseThrow()), "round 1, then the replacement's round");
        }
    }

    @Test
    void renewBuildsANewInstanceForTheNextRoundThatKeepsWhatTheOldOneLearned() throws Exception {
        List<Learner> built = new java.util.ArrayList<>();
        int[] calls = {0};
        PolicyRegistry registry = new PolicyRegistry().register(Learner.NAME, () -> {
            Learner fresh = new Learner(calls, false);
            built.add(fresh);
            return fresh;
        });
        try (PolicyRunner runner = new PolicyRunner(registry, Learner.NAME, Duration.ofSeconds(5))) {
            runner.plan(EMPTY, List.of());
            runner.renew();
            runner.plan(EMPTY, List.of());

            assertEquals(2, built.size(), "one instance at start, one at renew");
            assertEquals(1, built.get(0).rounds, "the old instance planned no more after renew");
            assertEquals(2, built.get(1).rounds, "the new one was given the old one's state, then planned");
            assertEquals(2, rounds(runner.lastState().orElseThrow()));
        }
    }

    @Test
    void refusesTheStateOfAnotherPolicyAndAPolicyThatLearnsNothing() {
        try (PolicyRunner learner = runner(false, Duration.ofSeconds(5));
             PolicyRunner stateless = new PolicyRunner(new PolicyRegistry().register("fixed", Fixed::new), "fixed",
                     Duration.ofSeconds(5))) {
            IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                    () -> learner.restore(new PolicyState("optimus", Map.of())));
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                    () -> stateless.restore(Learner.state(1)));

            assertTrue(other.getMessage().contains("optimus"), other.getMessage());
            assertTrue(none.getMessage().contains("keeps no learned state"), none.getMessage());
            assertTrue(stateless.lastState().isEmpty());
        }
    }

    @Test
    void aSwitchedPolicyPlansFromTheNextRoundAndDropsAnotherPolicysLearnedState() throws Exception {
        int[] calls = {0};
        PolicyRegistry registry = new PolicyRegistry().register(Learner.NAME, () -> new Learner(calls, false))
                .register("fixed", Fixed::new);
        try (PolicyRunner runner = new PolicyRunner(registry, Learner.NAME, Duration.ofSeconds(5))) {
            runner.plan(EMPTY, List.of());

            assertEquals(Learner.NAME, runner.switchTo("fixed"));
            Plan fixed = runner.plan(EMPTY, List.of());
            assertEquals("fixed", fixed.policy());
            assertEquals("fixed", runner.policyName());
            assertTrue(runner.lastState().isEmpty(), "the learner's state is not the fixed policy's");

            runner.switchTo(Learner.NAME);
            assertEquals(Learner.NAME, runner.plan(EMPTY, List.of()).policy());
            assertEquals(1, rounds(runner.lastState().orElseThrow()), "a fresh learner, nothing kept across the switch");
        }
    }

    @Test
    void aSwitchToAnUnknownPolicyChangesNothingAndNamesTheKnownOnes() throws Exception {
        try (PolicyRunner runner = runner(false, Duration.ofSeconds(5))) {
            runner.plan(EMPTY, List.of());

            UnknownPolicyException unknown = assertThrows(UnknownPolicyException.class, () -> runner.switchTo("sjf"));

            assertTrue(unknown.getMessage().contains("known policies: " + Learner.NAME), unknown.getMessage());
            assertEquals(Learner.NAME, runner.policyName());
            runner.plan(EMPTY, List.of());
            assertEquals(2, rounds(runner.lastState().orElseThrow()), "the same learner planned on");
        }
    }

    @Test
    void aPolicyThatOverrunsTheLimitInARowFallsBackAndStopsLeavingThreadsBehind() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        PolicyRegistry registry = new PolicyRegistry().register("stuck", () -> new Stuck(release, new int[] {0}, 0))
                .register("fixed", Fixed::new);
        // A second, not OVERRUN: a policy whose thread had not even started when its round timed out
        // leaves no thread behind, and on a loaded 2-core machine starting one can take over 100 ms.
        try (PolicyRunner runner = new PolicyRunner(registry, "stuck",
                new PolicyGuard(Duration.ofSeconds(1), 3, "fixed"))) {
            assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));
            assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));
            assertEquals("stuck", runner.policyName(), "two overruns: a fresh instance, the same policy");

            PolicyFellBackException fellBack = assertThrows(PolicyFellBackException.class,
                    () -> runner.plan(EMPTY, List.of()));

            assertEquals("stuck", fellBack.overran());
            assertEquals("fixed", runner.policyName());
            assertEquals("fixed", runner.plan(EMPTY, List.of()).policy());
            assertEquals("fixed", runner.plan(EMPTY, List.of()).policy());
            assertEquals(3, runner.abandonedThreads(), "one thread per overrun, none after the fallback");
            release.countDown();
            long deadline = System.currentTimeMillis() + 5_000;
            while (runner.abandonedThreads() > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(0, runner.abandonedThreads(), "threads that got out of the policy are not counted");
        }
    }

    @Test
    void aGoodRoundBetweenOverrunsStartsTheCountAgain() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        int[] calls = {0};
        // Every call but the third hangs: overrun, overrun, good, overrun, overrun.
        PolicyRegistry registry = new PolicyRegistry().register("stuck", () -> new Stuck(release, calls, 3))
                .register("fixed", Fixed::new);
        try (PolicyRunner runner = new PolicyRunner(registry, "stuck", new PolicyGuard(OVERRUN, 3, "fixed"))) {
            assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));
            assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));
            assertEquals("stuck", runner.plan(EMPTY, List.of()).policy());
            Exception fourth = assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));
            Exception fifth = assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));

            assertFalse(fourth instanceof PolicyFellBackException || fifth instanceof PolicyFellBackException);
            assertEquals("stuck", runner.policyName());
        } finally {
            release.countDown();
        }
    }

    @Test
    void aSwitchDuringAnOverrunRunsOnTheLiveThreadAndIsThePolicyReported() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        int[] calls = {0};
        PolicyRegistry registry = new PolicyRegistry().register("stuck", () -> new Stuck(release, calls, 0))
                .register(Learner.NAME, () -> new Learner(new int[] {0}, false));
        ExecutorService admin = Executors.newSingleThreadExecutor();
        try (PolicyRunner runner = new PolicyRunner(registry, "stuck", new PolicyGuard(Duration.ofMillis(400), 3,
                "stuck"))) {
            // The admin switches while the round waits on the stuck policy; the round then abandons its thread.
            Future<String> switched = admin.submit(() -> {
                while (calls[0] == 0) {
                    Thread.sleep(5);
                }
                return runner.switchTo(Learner.NAME);
            });
            assertThrows(TimeoutException.class, () -> runner.plan(EMPTY, List.of()));

            assertEquals("stuck", switched.get(5, TimeUnit.SECONDS));
            assertEquals(Learner.NAME, runner.policyName());
            assertEquals(Learner.NAME, runner.plan(EMPTY, List.of()).policy(), "the next round runs what is reported");
            assertEquals(1, rounds(runner.lastState().orElseThrow()));
        } finally {
            release.countDown();
            admin.shutdownNow();
        }
    }

    private static PolicyRunner runner(boolean slowSecondCall, Duration timeout) {
        int[] calls = {0};
        PolicyRegistry registry = new PolicyRegistry().register(Learner.NAME, () -> new Learner(calls, slowSecondCall));
        return new PolicyRunner(registry, Learner.NAME, timeout);
    }

    private static long rounds(PolicyState state) {
        return state.jobs().get("rounds").fittedStep();
    }

    /** Learns how many rounds it planned; the second call of the whole test hangs when asked to. */
    private static final class Learner implements LearningPolicy {
        static final String NAME = "learner";
        private final int[] calls;
        private final boolean slowSecondCall;
        private long rounds;

        Learner(int[] calls, boolean slowSecondCall) {
            this.calls = calls;
            this.slowSecondCall = slowSecondCall;
        }

        static PolicyState state(long rounds) {
            return new PolicyState(NAME, Map.of("rounds",
                    new PolicyState.FittedJob(null, null, rounds, 0, 0, List.of())));
        }

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            if (++calls[0] == 2 && slowSecondCall) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException stopped) {
                    Thread.currentThread().interrupt();
                    return new Plan(0, NAME, Map.of());
                }
            }
            rounds++;
            return new Plan(snapshot.timeSec(), NAME, Map.of());
        }

        @Override
        public PolicyState saveState() {
            return state(rounds);
        }

        @Override
        public Set<String> restoreState(PolicyState state) {
            rounds = state.jobs().get("rounds").fittedStep();
            return Set.of();
        }
    }

    /**
     * A policy stuck in a loop that ignores interrupts, as a policy in a long computation does,
     * until {@code release}; call number {@code goodCall} (counted across instances) plans at once.
     */
    private record Stuck(CountDownLatch release, int[] calls, int goodCall) implements SchedulingPolicy {
        @Override
        public String name() {
            return "stuck";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            if (++calls[0] != goodCall) {
                while (release.getCount() > 0) {
                    try {
                        release.await();
                    } catch (InterruptedException ignored) {
                        // Stuck means stuck: the interrupt of an abandoned round does not get it out.
                    }
                }
            }
            return new Plan(snapshot.timeSec(), "stuck", Map.of());
        }
    }

    private record Fixed() implements SchedulingPolicy {
        @Override
        public String name() {
            return "fixed";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            return new Plan(snapshot.timeSec(), "fixed", Map.of());
        }
    }
}
