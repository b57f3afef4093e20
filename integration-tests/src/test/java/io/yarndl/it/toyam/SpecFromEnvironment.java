package io.yarndl.it.toyam;

import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.job.MalformedRecordException;

/**
 * The job spec the client hands the toy AM in {@link DlJobContract#SPEC_ENV} (base64 JSON), read as
 * the elastic AM reads it; a missing or unreadable one is bad input, which the AM exits 2 on.
 */
final class SpecFromEnvironment {

    private SpecFromEnvironment() {
    }

    /** The job spec in {@code value}, the variable's value. */
    static JobDescription read(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("no job spec: " + DlJobContract.SPEC_ENV + " is not set");
        }
        try {
            return new JobRecordCodec().specFromJson(DlJobContract.decodeSpec(value));
        } catch (MalformedRecordException e) {
            throw new IllegalArgumentException("bad job spec in " + DlJobContract.SPEC_ENV + ": " + e.getMessage());
        }
    }
}
