package io.yarndl.core.policy;

import java.util.Collection;

/** Thrown for a policy name no one registered; its message lists the names that exist. */
public final class UnknownPolicyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnknownPolicyException(String name, Collection<String> known) {
        this(name, known, null);
    }

    /** As the two-argument one; where {@code why} is not null, the name exists but is not offered here, for that reason. */
    public UnknownPolicyException(String name, Collection<String> known, String why) {
        super((why == null ? "unknown scheduling policy '" + name + "'"
                : "scheduling policy '" + name + "' is not available here: " + why)
                + "; known policies: " + String.join(", ", known));
    }
}
