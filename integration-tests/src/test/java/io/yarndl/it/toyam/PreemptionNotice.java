package io.yarndl.it.toyam;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.PreemptionContainer;
import org.apache.hadoop.yarn.api.records.PreemptionContract;
import org.apache.hadoop.yarn.api.records.PreemptionMessage;

/**
 * The containers a {@link PreemptionMessage} names, strict contract and negotiable contract
 * together: the toy AM gives back every one it is asked for, whichever contract asks.
 */
final class PreemptionNotice {

    private PreemptionNotice() {
    }

    /** The containers {@code message} names, each once, strict contract first. */
    static Set<ContainerId> containers(PreemptionMessage message) {
        Set<ContainerId> named = new LinkedHashSet<>();
        if (message.getStrictContract() != null && message.getStrictContract().getContainers() != null) {
            message.getStrictContract().getContainers().stream().map(PreemptionContainer::getId).forEach(named::add);
        }
        PreemptionContract contract = message.getContract();
        if (contract != null && contract.getContainers() != null) {
            contract.getContainers().stream().map(PreemptionContainer::getId).forEach(named::add);
        }
        return named;
    }
}
