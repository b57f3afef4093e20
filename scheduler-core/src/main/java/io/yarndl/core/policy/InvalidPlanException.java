package io.yarndl.core.policy;

/**
 * A plan that a cluster could not carry out ({@link PlanValidator}). It names the policy and the
 * job or node at fault: a policy bug then surfaces as a refused plan, never as a wrong allocation.
 */
public final class InvalidPlanException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String policy;

    InvalidPlanException(String policy, String problem) {
        super("policy " + policy + " " + problem);
        this.policy = policy;
    }

    /** The policy whose plan was refused. */
    public String policy() {
        return policy;
    }
}
