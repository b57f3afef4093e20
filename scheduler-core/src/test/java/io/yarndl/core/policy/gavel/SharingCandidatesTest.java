package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.JobView;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.throughput.ThroughputProfile;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which jobs may share GPUs: equal shape, a known pair that beats taking turns, a cap per job. */
class SharingCandidatesTest {

    private static final TypeThroughputs GAVEL = new TypeThroughputs(ThroughputProfile.gavel());
    private static final List<String> TYPES = List.of("V100", "K80");

    private static List<SharingPair> candidates(List<JobView> jobs, int maxPartners) {
        double[][] alone = new double[jobs.size()][];
        int[] gpus = new int[jobs.size()];
        for (int j = 0; j < jobs.size(); j++) {
            alone[j] = GAVEL.estimate(jobs.get(j), TYPES, jobs.get(j).spec().requestedWorkers());
            gpus[j] = jobs.get(j).spec().requestedDemand().gpus();
        }
        return SharingCandidates.of(jobs, TYPES, alone, gpus, GAVEL, maxPartners);
    }

    @Test
    void eachJobIsInAtMostTheCapOfPairsAndEveryPairGainsOverTakingTurns() {
        List<JobView> jobs = new ArrayList<>();
        for (int j = 0; j < 12; j++) {
            jobs.add(Jobs.job("j" + j).family(j % 2 == 0 ? "A3C" : "Transformer (batch size 16)").build());
        }
        List<SharingPair> pairs = candidates(jobs, 2);
        int[] count = new int[jobs.size()];
        for (SharingPair pair : pairs) {
            count[pair.first()]++;
            count[pair.second()]++;
            assertTrue(pair.first() < pair.second(), pair.toString());
            double gain = pair.throughputOf(pair.first(), 0) / GAVEL.estimate(jobs.get(pair.first()), TYPES, 1)[0]
                    + pair.throughputOf(pair.second(), 0) / GAVEL.estimate(jobs.get(pair.second()), TYPES, 1)[0];
            assertTrue(gain > 1, pair + " gains " + gain);
        }
        for (int c : count) {
            assertTrue(c <= 2, "a job in " + c + " pairs");
        }
        assertEquals(12, pairs.size(), "12 jobs with 2 partners each make 12 pairs: " + pairs);
        assertEquals(pairs, candidates(jobs, 2), "the same input gives the same pairs");
    }

    @Test
    void jobsOfAnotherSizeOrAnUnknownModelArePairedWithNoOne() {
        List<JobView> jobs = List.of(Jobs.job("one").family("A3C").build(),
                Jobs.job("two").family("Transformer (batch size 16)").workers(2).build(),
                Jobs.job("unknown").build());
        assertTrue(candidates(jobs, 4).isEmpty());
    }
}
