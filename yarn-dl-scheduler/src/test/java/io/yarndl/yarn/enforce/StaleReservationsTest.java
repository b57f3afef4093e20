package io.yarndl.yarn.enforce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.junit.jupiter.api.Test;

/** Which reservations of a DL attempt the plan no longer wants; RMContainer is a mocked seam here. */
class StaleReservationsTest {

    private final Map<RMContainer, String> nodes = new HashMap<>();
    private final Map<RMContainer, TaskRole> roles = new HashMap<>();
    private final Function<RMContainer, String> nodeOf = nodes::get;
    private final Function<RMContainer, TaskRole> roleOf = roles::get;

    @Test
    void aReservationOnANodeThePlanNoLongerPutsTheJobOnIsStale() {
        RMContainer onN1 = container("n1", TaskRole.WORKER);
        RMContainer onN2 = container("n2", TaskRole.WORKER);
        // The plan now puts both workers on n2; the job holds none yet.
        JobPlan target = placed(Map.of("n2", new TaskCount(2, 0)));

        assertEquals(List.of(onN1), stale(target, List.of(onN1, onN2), List.of()));
    }

    @Test
    void aReservationForATaskThePlanStillWantsOnItsNodeStays() {
        RMContainer held = container("n1", TaskRole.WORKER);
        RMContainer reserved = container("n1", TaskRole.WORKER);
        JobPlan target = placed(Map.of("n1", new TaskCount(2, 0)));

        assertEquals(List.of(), stale(target, List.of(reserved), List.of(held)));
    }

    @Test
    void aReservationOnANodeWhereTheJobAlreadyHoldsItsPlannedShareIsStale() {
        RMContainer held = container("n1", TaskRole.WORKER);
        RMContainer reserved = container("n1", TaskRole.WORKER);
        JobPlan target = placed(Map.of("n1", new TaskCount(1, 0), "n2", new TaskCount(1, 0)));

        assertEquals(List.of(reserved), stale(target, List.of(reserved), List.of(held)));
    }

    @Test
    void rolesAreCountedApart() {
        RMContainer heldWorker = container("n1", TaskRole.WORKER);
        RMContainer reservedServer = container("n1", TaskRole.PARAMETER_SERVER);
        JobPlan target = placed(Map.of("n1", new TaskCount(1, 1)));

        assertEquals(List.of(), stale(target, List.of(reservedServer), List.of(heldWorker)),
                "the plan wants a server there, and holding a worker there is not holding one");
    }

    @Test
    void withoutAPlacementAReservationIsStaleOnceTheJobHoldsItsPlannedCount() {
        RMContainer held = container("n1", TaskRole.WORKER);
        RMContainer reserved = container("n2", TaskRole.WORKER);

        assertEquals(List.of(reserved), stale(new JobPlan("app", 1, 0, Allocation.NONE, "counts only"),
                List.of(reserved), List.of(held)));
        assertEquals(List.of(), stale(new JobPlan("app", 2, 0, Allocation.NONE, "counts only"),
                List.of(reserved), List.of(held)));
    }

    @Test
    void everyReservationOfAJobThePlanStopsIsStale() {
        RMContainer reserved = container("n1", TaskRole.WORKER);

        assertEquals(List.of(reserved), stale(JobPlan.waiting("app", "waits"), List.of(reserved), List.of()));
    }

    private List<RMContainer> stale(JobPlan target, List<RMContainer> reserved, List<RMContainer> held) {
        return StaleReservations.of(target, reserved, held, nodeOf, nodeOf, roleOf, roleOf);
    }

    private static JobPlan placed(Map<String, TaskCount> byNode) {
        int workers = byNode.values().stream().mapToInt(TaskCount::workers).sum();
        int ps = byNode.values().stream().mapToInt(TaskCount::ps).sum();
        return new JobPlan("app", workers, ps, new Allocation(byNode), "test");
    }

    private RMContainer container(String node, TaskRole role) {
        RMContainer container = mock(RMContainer.class);
        nodes.put(container, node);
        roles.put(container, role);
        return container;
    }
}
