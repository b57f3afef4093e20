package io.yarndl.yarn.jobs;

import static io.yarndl.yarn.jobs.SampleHistoryTest.atStep;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.ProgressSample;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JobStateTest {

    @Test
    void admitsByStepAndSpotsRedelivery() {
        JobState state = JobState.EMPTY.withSample(atStep(10), 8);
        assertEquals(JobState.Admission.ACCEPT, JobState.EMPTY.admit(atStep(10)));
        assertEquals(JobState.Admission.DUPLICATE, state.admit(atStep(10)));
        assertEquals(JobState.Admission.STEP_BACKWARDS, state.admit(atStep(9)));
        assertEquals(JobState.Admission.ACCEPT, state.admit(atStep(11)));
        // the same step measured again later (a stalled job) is news, not a redelivery
        assertEquals(JobState.Admission.ACCEPT, state.admit(new ProgressSample(20, 10, 0.5, 2, 1, 0)));
    }

    @Test
    void remembersWhichRejectionsWereReported() {
        JobState state = JobState.EMPTY.withReported(RejectionReason.STEP_BACKWARDS)
                .withReported(RejectionReason.UNUSABLE_SAMPLE);
        assertEquals(Set.of(RejectionReason.STEP_BACKWARDS, RejectionReason.UNUSABLE_SAMPLE), state.reported());
        assertEquals(Set.of(), JobState.EMPTY.reported());
    }
}
