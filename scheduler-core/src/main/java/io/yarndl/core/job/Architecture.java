package io.yarndl.core.job;

/** How a job's workers exchange gradients; decides which speed model describes it. */
public enum Architecture {
    /** Collective all-reduce among workers (PyTorch DDP): no parameter servers. */
    ALLREDUCE,
    /** Workers push gradients to and pull parameters from parameter servers. */
    PARAMETER_SERVER
}
