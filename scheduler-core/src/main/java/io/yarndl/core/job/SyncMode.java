package io.yarndl.core.job;

/**
 * Whether workers wait for each other every step. Optimus (Peng et al., EuroSys'18) fits a
 * different speed formula for each mode of parameter-server training.
 */
public enum SyncMode {
    SYNCHRONOUS,
    ASYNCHRONOUS
}
