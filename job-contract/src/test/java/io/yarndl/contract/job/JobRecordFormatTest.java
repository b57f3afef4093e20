package io.yarndl.contract.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The job records' stored format, pinned by files that the hand-written codec before Jackson
 * mapping wrote: an AM and a scheduler of different releases share these records in ZooKeeper, so
 * the codec must write exactly these bytes and read them back.
 */
class JobRecordFormatTest {

    private final JobRecordCodec codec = new JobRecordCodec();

    /** Every field, non-finite doubles, extreme integers. */
    static List<ProgressSample> richBatch() {
        return List.of(new ProgressSample(1_732_200_000.5, 1200, 0.83, 4.2, 2, 0),
                new ProgressSample(1_732_200_000.75, Long.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, 8, 3),
                new ProgressSample(Double.NEGATIVE_INFINITY, 0, -0.0, Double.MIN_VALUE, 0, Integer.MAX_VALUE),
                new ProgressSample(1e-300, -1, 1.0 / 3, 1e21, -1, 0));
    }

    @Test
    void writesAndReadsTheStoredSpecFormatOfEveryArchitecture() throws Exception {
        assertSpec(JobDescriptions.parameterServer(), "rich-spec-version-1.json");
        assertSpec(JobDescriptions.allReduce(TrainingGoal.targetLoss(1.0 / 3)), "target-loss-spec-version-1.json");
    }

    @Test
    void writesAndReadsTheStoredProgressFormat() throws Exception {
        String stored = resource("rich-progress-version-2.json");
        assertEquals(stored, codec.progressToJson(richBatch()));
        List<ProgressSample> read = codec.progressBatchFromJson(stored);
        assertEquals(richBatch(), read);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(read.get(2).loss()));
    }

    @Test
    void writesAndReadsSamplesTaggedWithTheirGpuTypeAndAJobsModelFamily() throws Exception {
        List<ProgressSample> tagged = List.of(richBatch().get(0).onGpuType("V100"), richBatch().get(0),
                richBatch().get(1).onGpuType("K80"));
        String stored = resource("tagged-progress-version-2.json");
        assertEquals(stored, codec.progressToJson(tagged));
        assertEquals(tagged, codec.progressBatchFromJson(stored));
        assertSpec(JobDescriptions.allReduce(TrainingGoal.steps(5000)).withModelFamily("ResNet-50 (batch size 64)"),
                "model-family-spec-version-1.json");
    }

    private void assertSpec(JobDescription description, String file) throws Exception {
        String stored = resource(file);
        assertEquals(stored, codec.specToJson(description));
        assertEquals(description, codec.specFromJson(stored));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = JobRecordFormatTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }
}
