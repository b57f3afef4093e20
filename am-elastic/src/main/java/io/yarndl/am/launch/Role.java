package io.yarndl.am.launch;

/** What a container of the job does: train (worker) or hold parameters (server, parameter-server jobs only). */
public enum Role {
    WORKER,
    SERVER;

    /** The value of {@code YARN_DL_ROLE}. */
    public String envValue() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
