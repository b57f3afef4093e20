package io.yarndl.yarn.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.round.DlJobState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobJournalTest {

    @Test
    void keepsAnEndedJobsSamplesAndModelsAfterTheRoundsStopSeeingIt() {
        JobJournal journal = new JobJournal();
        PolicyState.FittedJob fitted = new PolicyState.FittedJob(null, null, 10, 1, 1, List.of());

        journal.record(1, List.of(job("a", 3)), Optional.of(new PolicyState("optimus", Map.of("a", fitted))));
        journal.record(2, List.of(), Optional.of(new PolicyState("optimus", Map.of())));

        JobRecord ended = journal.job("a").orElseThrow();
        assertFalse(ended.live());
        assertEquals(1, ended.lastSeenSec());
        assertEquals(3, ended.state().samples().size());
        assertEquals(fitted, ended.fitted());
    }

    @Test
    void forgetsTheEndedJobsSeenLongestAgoBeyondItsLimit() {
        JobJournal journal = new JobJournal(2);

        for (int i = 1; i <= 4; i++) {
            journal.record(i, List.of(job("j" + i, 1)), Optional.empty());
        }
        journal.record(5, List.of(), Optional.empty());

        assertEquals(List.of("j3", "j4"), journal.jobs().stream().map(JobRecord::id).toList());
        assertTrue(journal.job("j1").isEmpty());
    }

    static DlJobState job(String id, int samples) {
        JobSpec spec = new JobSpec(id, "toy-" + id, "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(1, 1, 512), Resources.ZERO, 1, 4, 0, 0, 1, 0, 32,
                TrainingGoal.steps(1000));
        List<ProgressSample> history = new java.util.ArrayList<>();
        for (int i = 1; i <= samples; i++) {
            history.add(new ProgressSample(i, i * 10L, 1.0 / i, 5, 1, 0));
        }
        return new DlJobState(spec, 0, List.of(), history);
    }
}
