package io.yarndl.scale.am;

import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.PreemptionContainer;
import org.apache.hadoop.yarn.api.records.PreemptionMessage;

/** The containers a {@link PreemptionMessage} asks an AM to give back, from its strict and its negotiable part. */
final class PreemptionNotice {

    private PreemptionNotice() {
    }

    static Set<ContainerId> containers(PreemptionMessage message) {
        Set<ContainerId> ids = new HashSet<>();
        if (message == null) {
            return ids;
        }
        if (message.getStrictContract() != null) {
            for (PreemptionContainer container : message.getStrictContract().getContainers()) {
                ids.add(container.getId());
            }
        }
        if (message.getContract() != null) {
            for (PreemptionContainer container : message.getContract().getContainers()) {
                ids.add(container.getId());
            }
        }
        return ids;
    }
}
