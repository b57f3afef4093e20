package io.yarndl.yarn.enforce;

import io.yarndl.yarn.enforce.AttemptAsks.AskKey;
import org.apache.hadoop.yarn.api.records.ResourceRequest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Of the asks {@link AskShaper} made for one heartbeat, those that change what CapacityScheduler
 * holds for the attempt. The shaper states the whole wanted ask on every heartbeat (its node, rack
 * and ANY requests); CapacityScheduler re-books the pending resources of every request it is sent,
 * for the application, its queue and each parent queue, even when nothing changed, so with thousands
 * of DL attempts heartbeating once a second re-sending unchanged asks was about a third of the
 * cost of a DL {@code allocate()} (the scale harness's profile at 5,000 jobs). A request is left out when
 * CapacityScheduler already holds one for the same key and name with the same count and locality
 * relaxation. Compared with what CapacityScheduler holds now, not with what was sent last: it
 * decrements its counts as it allocates and adds asks back for containers lost before the AM took
 * them. Asks of a key the AM itself sent this heartbeat all go through, as the AM may have changed
 * their size or label (CapacityScheduler stores them normalised, so sizes cannot be compared).
 */
public final class AskDelta {

    /** What CapacityScheduler holds for an attempt. */
    @FunctionalInterface
    public interface HeldAsks {
        /** The request CapacityScheduler holds for {@code like}'s priority, allocation id and name, or null. */
        ResourceRequest matching(ResourceRequest like);
    }

    private AskDelta() {
    }

    /**
     * @param shaped   the asks the shaper wants CapacityScheduler to hold
     * @param fromAm   the asks the AM sent in this heartbeat
     * @param held     what CapacityScheduler holds for the attempt now
     * @return {@code shaped} less the requests that would change nothing, in the same order
     */
    public static List<ResourceRequest> changes(List<ResourceRequest> shaped, List<ResourceRequest> fromAm,
                                                HeldAsks held) {
        Set<AskKey> renewed = new HashSet<>();
        for (ResourceRequest request : fromAm) {
            renewed.add(AskKey.of(request));
        }
        List<ResourceRequest> changes = new ArrayList<>(shaped.size());
        for (ResourceRequest ask : shaped) {
            if (renewed.contains(AskKey.of(ask)) || !alreadyHeld(ask, held.matching(ask))) {
                changes.add(ask);
            }
        }
        return changes;
    }

    private static boolean alreadyHeld(ResourceRequest ask, ResourceRequest current) {
        if (current == null) {
            // Nothing held under that name: asking for none is no change.
            return ask.getNumContainers() == 0;
        }
        return current.getNumContainers() == ask.getNumContainers()
                && current.getRelaxLocality() == ask.getRelaxLocality();
    }
}
