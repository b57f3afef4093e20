package io.yarndl.contract.job;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * What makes a YARN application a deep-learning job, as the scheduler and every ApplicationMaster
 * must agree on it. An application of type {@link #APPLICATION_TYPE} in a DL queue is the policy's;
 * its workers and parameter servers are told apart by the priority of their container asks.
 */
public final class DlJobContract {

    /** The YARN application type of a deep-learning job. */
    public static final String APPLICATION_TYPE = "DEEP_LEARNING";

    /**
     * AM environment variable holding the job description JSON, base64-encoded ({@link #encodeSpec}):
     * the scheduler reads it from the submission context, the AM from its environment. Base64
     * because a NodeManager writes environment values into the launch script between double quotes
     * without escaping (and turns {@code {{X}}} into {@code $X}), so raw JSON reaches the AM mangled.
     */
    public static final String SPEC_ENV = "YARN_DL_JOB_SPEC";

    /** AM environment variable: the ZooKeeper connect string the AM writes its records to. */
    public static final String ZK_ADDRESS_ENV = "YARN_DL_ZK_ADDRESS";

    /** AM environment variable: the ZooKeeper root of yarn-dl's records (default {@code /yarn-dl}). */
    public static final String ZK_ROOT_ENV = "YARN_DL_ZK_ROOT";

    /** Priority of worker container asks. The AM's own container has priority 0. */
    public static final int WORKER_PRIORITY = 1;

    /** Priority of parameter-server container asks. */
    public static final int PS_PRIORITY = 2;

    /** The value of {@link #SPEC_ENV} for a job description JSON. */
    public static String encodeSpec(String json) {
        return Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The job description JSON in a {@link #SPEC_ENV} value: base64, or raw JSON (starting with
     * a brace) as a person may write it by hand for the scheduler.
     *
     * @throws IllegalArgumentException when it is neither, naming the variable
     */
    public static String decodeSpec(String value) {
        String trimmed = value.trim();
        if (trimmed.startsWith("{")) {
            return trimmed;
        }
        try {
            return new String(Base64.getDecoder().decode(trimmed), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalArgumentException(SPEC_ENV + " is neither base64 nor JSON: " + notBase64.getMessage());
        }
    }

    /**
     * The job description in a {@link #SPEC_ENV} value, as an ApplicationMaster reads it from its
     * environment.
     *
     * @throws IllegalArgumentException naming the variable when it is unset, blank or unreadable
     */
    public static JobDescription readSpec(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("no job spec: " + SPEC_ENV + " is not set");
        }
        try {
            return new JobRecordCodec().specFromJson(decodeSpec(value));
        } catch (MalformedRecordException e) {
            throw new IllegalArgumentException("bad job spec in " + SPEC_ENV + ": " + e.getMessage());
        }
    }

    private DlJobContract() {
    }
}
