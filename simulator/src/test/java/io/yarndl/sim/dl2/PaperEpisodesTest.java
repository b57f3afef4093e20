package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.TraceJob;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DL2's training episodes from Pollux's and Sia's files: never the files {@code papers} reports on. */
class PaperEpisodesTest {

    private static final Path DATA = Path.of("").toAbsolutePath().getParent().resolve("data");

    @Test
    void polluxEpisodesAreItsWorkloadsAtTheOtherLoadsOnItsCluster() {
        PaperEpisodes pollux = PaperEpisodes.pollux(DATA);

        assertEquals(24, pollux.suite().workloads().size());
        for (Path file : pollux.suite().workloads()) {
            String folder = file.getParent().getFileName().toString();
            assertTrue(List.of("workloads-0.5", "workloads-1.5", "workloads-2.0").contains(folder), file.toString());
        }
        assertEquals("workloads-1.5", pollux.suite().workloads().get(8).getParent().getFileName().toString(),
                "seed 9 is the first file at load 1.5");
        assertEquals(64, pollux.suite().cluster().total().gpus(), "16 x 4 T4");
        List<TraceJob> jobs = pollux.jobs(1);
        assertFalse(jobs.isEmpty());
        assertEquals(jobs.stream().map(TraceJob::id).toList(), pollux.jobs(25).stream().map(TraceJob::id).toList(),
                "seeds wrap around the 24 files");
    }

    @Test
    void siaEpisodesAreTheFirstJobsOfItsNewtraceWorkloadsOnItsCluster() {
        PaperEpisodes sia = PaperEpisodes.sia(DATA);

        assertEquals(10, sia.suite().workloads().size());
        assertTrue(sia.suite().workloads().stream().allMatch(f -> f.getParent().getFileName().toString().equals("newtrace")));
        assertEquals(PaperEpisodes.SIA_JOBS, sia.jobs(3).size(), "a whole newtrace workload is 960 jobs");
        assertEquals(64, sia.suite().cluster().total().gpus(), "6 x 4 T4, 2 x 8 A100, 3 x 8 RTX");
    }

    @Test
    void episodeWorkloadsRunOnThePapersClustersAtSixtySecondRounds() {
        assertEquals(60, EpisodeWorkload.POLLUX.config(1).intervalSec());
        assertEquals(EpisodeWorkload.SYNTHETIC.config(1).intervalSec(),
                io.yarndl.sim.engine.SimConfig.defaults(1).intervalSec(), "the generated ones keep the defaults");
    }
}
