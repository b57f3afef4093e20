package io.yarndl.yarn.enforce;

import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AskDeltaTest {

    private final Map<String, ResourceRequest> held = new HashMap<>();

    @Test
    void leavesOutAsksCapacitySchedulerAlreadyHolds() {
        hold(ask(1, "n1", 2, true), ask(1, "/r1", 2, false), ask(1, ResourceRequest.ANY, 2, false));

        List<ResourceRequest> changes = changes(List.of(), ask(1, "n1", 2, true), ask(1, "/r1", 2, false),
                ask(1, ResourceRequest.ANY, 2, false));

        assertTrue(changes.isEmpty(), "an unchanged ask must not be re-booked: " + changes);
    }

    @Test
    void sendsAskWhoseCountCapacitySchedulerHasDecrementedSinceItWasSent() {
        // Asked for 2, one allocated since: the scheduler holds 1, the shaper (not yet counting it held) wants 2.
        hold(ask(1, ResourceRequest.ANY, 1, true));

        List<ResourceRequest> changes = changes(List.of(), ask(1, ResourceRequest.ANY, 2, true));

        assertEquals(1, changes.size());
        assertEquals(2, changes.get(0).getNumContainers());
    }

    @Test
    void sendsAChangedLocalityRelaxation() {
        hold(ask(1, ResourceRequest.ANY, 2, true));

        List<ResourceRequest> changes = changes(List.of(), ask(1, ResourceRequest.ANY, 2, false));

        assertEquals(List.of(false), changes.stream().map(ResourceRequest::getRelaxLocality).toList());
    }

    @Test
    void zeroesOnlyNamesCapacitySchedulerStillHolds() {
        hold(ask(1, "n1", 1, true), ask(1, "n2", 0, true));

        List<ResourceRequest> changes = changes(List.of(), ask(1, "n1", 0, true), ask(1, "n2", 0, true),
                ask(1, "n3", 0, true));

        assertEquals(List.of("n1"), changes.stream().map(ResourceRequest::getResourceName).toList());
    }

    @Test
    void sendsNewAsks() {
        List<ResourceRequest> changes = changes(List.of(), ask(1, ResourceRequest.ANY, 3, true));

        assertEquals(1, changes.size());
    }

    @Test
    void passesEveryAskOfAKeyTheAmRenewedInThisHeartbeat() {
        // The AM may have changed the container size, which the scheduler stores normalised.
        hold(ask(1, ResourceRequest.ANY, 2, true), ask(2, ResourceRequest.ANY, 1, true));

        List<ResourceRequest> changes = changes(List.of(ask(1, ResourceRequest.ANY, 5, true)),
                ask(1, ResourceRequest.ANY, 2, true), ask(2, ResourceRequest.ANY, 1, true));

        assertEquals(List.of(1), changes.stream().map(r -> r.getPriority().getPriority()).toList());
    }

    private List<ResourceRequest> changes(List<ResourceRequest> fromAm, ResourceRequest... shaped) {
        return AskDelta.changes(List.of(shaped), fromAm,
                like -> held.get(like.getPriority().getPriority() + "/" + like.getResourceName()));
    }

    private void hold(ResourceRequest... requests) {
        for (ResourceRequest request : requests) {
            held.put(request.getPriority().getPriority() + "/" + request.getResourceName(), request);
        }
    }

    private static ResourceRequest ask(int priority, String name, int count, boolean relax) {
        ResourceRequest request = ResourceRequest.newInstance(Priority.newInstance(priority), name,
                Resource.newInstance(1024, 1), count);
        request.setRelaxLocality(relax);
        return request;
    }
}
