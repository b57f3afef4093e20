package io.yarndl.core.policy;

import java.util.Collection;

/** Thrown for a policy name no one registered; its message lists the names that exist. */
public final class UnknownPolicyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnknownPolicyException(String name, Collection<String> known) {
        super("unknown scheduling policy '" + name + "'; known policies: " + String.join(", ", known));
    }
}
