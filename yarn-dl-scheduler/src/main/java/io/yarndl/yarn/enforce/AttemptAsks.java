package io.yarndl.yarn.enforce;

import org.apache.hadoop.yarn.api.records.ResourceRequest;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one deep-learning attempt's ApplicationMaster last asked for, per ask key, and which node
 * and rack names the scheduler last asked for on its behalf. {@code AMRMClient} sends an ask only
 * when it changes, while CapacityScheduler overwrites its stored count with whatever arrives: so
 * the scheduler keeps the AM's own count here and works out the capped count on every heartbeat
 * (sending it where it differs from what CapacityScheduler holds: {@link AskDelta}).
 * Guarded by the attempt: one AM heartbeat at a time.
 */
public final class AttemptAsks {

    /** Asks are told apart by priority and allocation request id, as CapacityScheduler does. */
    record AskKey(int priority, long allocationRequestId) implements Comparable<AskKey> {
        @Override
        public int compareTo(AskKey other) {
            int byPriority = Integer.compare(priority, other.priority);
            return byPriority != 0 ? byPriority : Long.compare(allocationRequestId, other.allocationRequestId);
        }

        static AskKey of(ResourceRequest request) {
            return new AskKey(request.getPriority().getPriority(), request.getAllocationRequestId());
        }
    }

    private final Map<AskKey, ResourceRequest> fromAm = new TreeMap<>();
    private final Map<AskKey, Set<String>> localNamesSent = new HashMap<>();

    void rememberAmAsk(ResourceRequest anyAsk) {
        fromAm.put(AskKey.of(anyAsk), ResourceRequest.clone(anyAsk));
    }

    /** The AM's latest ANY asks in key order. */
    Map<AskKey, ResourceRequest> amAsks() {
        return fromAm;
    }

    Set<String> localNamesSent(AskKey key) {
        return localNamesSent.computeIfAbsent(key, k -> new HashSet<>());
    }
}
