package io.yarndl.yarn.enforce;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** Which containers a shrink picks and when it kills them; RMContainer is a mocked seam here. */
class ShrinkEnforcerTest {

    private static final ApplicationAttemptId ATTEMPT =
            ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);
    private final List<String> marked = new ArrayList<>();
    private final List<String> killed = new ArrayList<>();
    private final List<Duration> graces = new ArrayList<>();
    private final Map<RMContainer, String> nodes = new HashMap<>();
    private final Function<RMContainer, String> nodeOf = nodes::get;
    private final Function<RMContainer, TaskRole> allWorkers = c -> TaskRole.WORKER;
    private final Set<RMContainer> gpuWorkers = new java.util.HashSet<>();
    private final ShrinkEnforcer enforcer = new ShrinkEnforcer(Duration.ofSeconds(10), new ShrinkEnforcer.Actions() {
        @Override
        public void markForPreemption(ApplicationAttemptId attempt, RMContainer container) {
            marked.add(container.getContainerId().toString());
        }

        @Override
        public void kill(ApplicationAttemptId attempt, RMContainer container, Duration sinceMarked) {
            killed.add(container.getContainerId().toString());
            graces.add(sinceMarked);
        }
    }, container -> gpuWorkers.contains(container) ? 1 : 0);

    @Test
    void marksTheYoungestSurplusContainersAndKillsThemOnlyAfterTheGracePeriod() {
        List<RMContainer> held = List.of(container(1, "n1"), container(2, "n1"), container(3, "n2"));

        enforcer.enforce(ATTEMPT, plan(1), held, nodeOf, allWorkers, 0);
        assertEquals(List.of(id(3), id(2)), marked);

        enforcer.killExpired(9_999, c -> true);
        assertTrue(killed.isEmpty(), "killed before the grace period was over");
        enforcer.killExpired(10_250, c -> true);
        assertEquals(Set.of(id(3), id(2)), Set.copyOf(killed));
        assertEquals(List.of(Duration.ofMillis(10_250), Duration.ofMillis(10_250)), graces,
                "each kill says how long after its mark it came");
    }

    @Test
    void marksEachSurplusContainerOnlyOnce() {
        List<RMContainer> held = List.of(container(1, "n1"), container(2, "n1"));

        enforcer.enforce(ATTEMPT, plan(1), held, nodeOf, allWorkers, 0);
        enforcer.enforce(ATTEMPT, plan(1), held, nodeOf, allWorkers, 5_000);

        assertEquals(List.of(id(2)), marked);
    }

    @Test
    void sparesMarkedContainersWhenTheTargetRisesBeforeTheKill() {
        List<RMContainer> held = List.of(container(1, "n1"), container(2, "n1"));
        enforcer.enforce(ATTEMPT, plan(1), held, nodeOf, allWorkers, 0);

        enforcer.enforce(ATTEMPT, plan(2), held, nodeOf, allWorkers, 1_000);
        enforcer.killExpired(60_000, c -> true);

        assertTrue(killed.isEmpty());
        assertEquals(0, enforcer.pendingKills());
    }

    @Test
    void forgetsContainersTheAmReleasedItself() {
        List<RMContainer> held = List.of(container(1, "n1"), container(2, "n1"));
        enforcer.enforce(ATTEMPT, plan(1), held, nodeOf, allWorkers, 0);

        enforcer.killExpired(60_000, c -> false);

        assertTrue(killed.isEmpty());
        assertEquals(0, enforcer.pendingKills());
    }

    @Test
    void prefersVictimsOnNodesThePlacementNoLongerPlans() {
        List<RMContainer> held = List.of(container(1, "n1"), container(2, "n2"), container(3, "n2"));
        JobPlan placed = JobPlan.placed("app", new Allocation(Map.of("n2", new TaskCount(2, 0))), "packed");

        enforcer.enforce(ATTEMPT, placed, held, nodeOf, allWorkers, 0);

        assertEquals(List.of(id(1)), marked);
    }

    @Test
    void movesAJobsGpuWorkersOffAnotherGpuTypeThanPlannedAtTheSameSize() {
        Map<String, String> types = Map.of("v100-1", "V100", "k80-1", "K80");
        List<RMContainer> held = List.of(gpuWorker(1, "k80-1"), gpuWorker(2, "k80-1"));
        JobPlan onV100 = JobPlan.placed("app", new Allocation(Map.of("v100-1", new TaskCount(2, 0))), "gavel");

        enforcer.enforce(ATTEMPT, onV100, held, nodeOf, allWorkers, types::get, 0);

        assertEquals(Set.of(id(1), id(2)), Set.copyOf(marked), "both leave the K80 node though the size is unchanged");
    }

    @Test
    void keepsWorkersOnThePlannedTypeAndMovesOnlyTheOthersWhileAJobMoves() {
        Map<String, String> types = Map.of("v100-1", "V100", "v100-2", "V100", "k80-1", "K80");
        // Half moved already: one worker on the new type, one still on the old.
        List<RMContainer> held = List.of(gpuWorker(1, "k80-1"), gpuWorker(2, "v100-2"));
        JobPlan onV100 = JobPlan.placed("app", new Allocation(Map.of("v100-1", new TaskCount(1, 0),
                "v100-2", new TaskCount(1, 0))), "gavel");

        enforcer.enforce(ATTEMPT, onV100, held, nodeOf, allWorkers, types::get, 0);

        assertEquals(List.of(id(1)), marked);
    }

    @Test
    void onNodesOfNoTypeNothingMovesAtTheSameSize() {
        List<RMContainer> held = List.of(gpuWorker(1, "n1"), gpuWorker(2, "n1"));
        JobPlan elsewhere = JobPlan.placed("app", new Allocation(Map.of("n2", new TaskCount(2, 0))), "packed");

        enforcer.enforce(ATTEMPT, elsewhere, held, nodeOf, allWorkers, node -> "none", 0);

        assertTrue(marked.isEmpty(), "running containers are not moved within a type");
    }

    private RMContainer gpuWorker(long sequence, String node) {
        RMContainer container = container(sequence, node);
        gpuWorkers.add(container);
        return container;
    }

    private static JobPlan plan(int workers) {
        return new JobPlan("app", workers, 0, Allocation.NONE, "test");
    }

    private RMContainer container(long sequence, String node) {
        RMContainer container = mock(RMContainer.class);
        when(container.getContainerId()).thenReturn(ContainerId.newContainerId(ATTEMPT, sequence));
        nodes.put(container, node);
        return container;
    }

    private static String id(long sequence) {
        return ContainerId.newContainerId(ATTEMPT, sequence).toString();
    }
}
