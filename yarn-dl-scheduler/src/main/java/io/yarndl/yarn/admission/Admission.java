package io.yarndl.yarn.admission;

import io.yarndl.contract.job.JobDescription;

/** The outcome of checking a deep-learning submission: admitted with its description, or rejected with why. */
public sealed interface Admission {

    /** The application may run; {@code description} is the job it declared. */
    record Admitted(JobDescription description) implements Admission {
    }

    /** The application is rejected; {@code message} goes to the client as the application's diagnostics. */
    record Rejected(String message) implements Admission {
    }
}
