package io.yarndl.yarn.enforce;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.TaskRole;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AskShaperTest {

    private static final Function<String, String> RACKS = node -> node.startsWith("gone") ? null : "/rack-" + node.charAt(1);
    private final AskShaper shaper = new AskShaper();

    @Test
    void capsTheWorkerAskAtTargetMinusHeld() {
        AttemptAsks state = new AttemptAsks();
        List<ResourceRequest> shaped = shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 4)),
                plan(3, 0), List.of(worker("c1", "n1:1")), RACKS);

        assertEquals(1, shaped.size());
        assertEquals(ResourceRequest.ANY, shaped.get(0).getResourceName());
        assertEquals(2, shaped.get(0).getNumContainers());
        assertTrue(shaped.get(0).getRelaxLocality());
    }

    @Test
    void resendsTheCappedAskOnHeartbeatsThatCarryNoAsks() {
        AttemptAsks state = new AttemptAsks();
        shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 4)), plan(1, 0), List.of(), RACKS);

        List<ResourceRequest> raised = shaper.shape(state, List.of(), plan(3, 0), List.of(), RACKS);

        assertEquals(3, raised.get(0).getNumContainers(), "a raised target must take effect without a new AM ask");
    }

    @Test
    void neverAsksForMoreThanTheAmWants() {
        AttemptAsks state = new AttemptAsks();
        List<ResourceRequest> shaped = shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 1)),
                plan(4, 0), List.of(), RACKS);

        assertEquals(1, shaped.get(0).getNumContainers());
    }

    @Test
    void asksNothingForAJobThePlanKeepsWaiting() {
        AttemptAsks state = new AttemptAsks();
        List<ResourceRequest> shaped = shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 4)),
                JobPlan.waiting("app", "no room"), List.of(), RACKS);

        assertEquals(0, shaped.get(0).getNumContainers());
    }

    @Test
    void turnsAPlacedPlanIntoNodeLocalAsksThatCannotRelax() {
        AttemptAsks state = new AttemptAsks();
        JobPlan placed = JobPlan.placed("app", new Allocation(Map.of("n1:1", new TaskCount(2, 0),
                "n2:1", new TaskCount(1, 0))), "packed");

        Map<String, ResourceRequest> byName = byName(shaper.shape(state,
                List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 3)), placed, List.of(worker("c1", "n1:1")), RACKS));

        assertEquals(1, byName.get("n1:1").getNumContainers());
        assertEquals(1, byName.get("n2:1").getNumContainers());
        assertEquals(1, byName.get("/rack-1").getNumContainers());
        assertEquals(1, byName.get("/rack-2").getNumContainers());
        assertEquals(2, byName.get(ResourceRequest.ANY).getNumContainers());
        assertFalse(byName.get(ResourceRequest.ANY).getRelaxLocality());
        assertFalse(byName.get("/rack-1").getRelaxLocality());
        assertTrue(byName.get("n1:1").getRelaxLocality());
    }

    @Test
    void zeroesNodeAsksThePlanNoLongerWants() {
        AttemptAsks state = new AttemptAsks();
        shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 2)),
                JobPlan.placed("app", new Allocation(Map.of("n1:1", new TaskCount(2, 0))), "packed"), List.of(), RACKS);

        Map<String, ResourceRequest> byName = byName(shaper.shape(state, List.of(),
                JobPlan.placed("app", new Allocation(Map.of("n2:1", new TaskCount(2, 0))), "moved"), List.of(), RACKS));

        assertEquals(0, byName.get("n1:1").getNumContainers());
        assertEquals(0, byName.get("/rack-1").getNumContainers());
        assertEquals(2, byName.get("n2:1").getNumContainers());
    }

    @Test
    void capsWorkersAndParameterServersSeparately() {
        AttemptAsks state = new AttemptAsks();
        List<ResourceRequest> shaped = shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 4),
                anyAsk(DlJobContract.PS_PRIORITY, 2)), plan(2, 1), List.of(worker("c1", "n1:1")), RACKS);

        Map<Integer, Integer> byPriority = shaped.stream().collect(Collectors.toMap(
                r -> r.getPriority().getPriority(), ResourceRequest::getNumContainers));
        assertEquals(1, byPriority.get(DlJobContract.WORKER_PRIORITY));
        assertEquals(1, byPriority.get(DlJobContract.PS_PRIORITY));
    }

    @Test
    void fallsBackToAnyNodeWhenAPlannedNodeIsGone() {
        AttemptAsks state = new AttemptAsks();
        List<ResourceRequest> shaped = shaper.shape(state, List.of(anyAsk(DlJobContract.WORKER_PRIORITY, 2)),
                JobPlan.placed("app", new Allocation(Map.of("gone:1", new TaskCount(2, 0))), "packed"), List.of(), RACKS);

        assertEquals(1, shaped.size());
        assertEquals(2, shaped.get(0).getNumContainers());
        assertTrue(shaped.get(0).getRelaxLocality());
    }

    private static JobPlan plan(int workers, int ps) {
        return new JobPlan("app", workers, ps, Allocation.NONE, "test");
    }

    private static ResourceRequest anyAsk(int priority, int count) {
        return ResourceRequest.newInstance(Priority.newInstance(priority), ResourceRequest.ANY,
                Resource.newInstance(1024, 1), count);
    }

    private static HeldTask worker(String id, String node) {
        return new HeldTask(id, node, TaskRole.WORKER, Resources.of(1, 1, 1024));
    }

    private static Map<String, ResourceRequest> byName(List<ResourceRequest> asks) {
        return asks.stream().collect(Collectors.toMap(ResourceRequest::getResourceName, r -> r));
    }
}
