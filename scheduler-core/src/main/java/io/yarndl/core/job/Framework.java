package io.yarndl.core.job;

/** The training framework a job runs; decides which launcher the ApplicationMaster uses. */
public enum Framework {
    PYTORCH,
    MXNET
}
