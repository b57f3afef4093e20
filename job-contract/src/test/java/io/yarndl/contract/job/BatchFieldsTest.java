package io.yarndl.contract.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The goodput fields of the job records: a spec's batch limits and a sample's batch size and
 * gradient noise scale, optional both ways so that records of older AMs read and records of AMs
 * that say none of them are the bytes they always were.
 */
class BatchFieldsTest {

    private static final String SAMPLE = "{\"timeSec\":1,\"step\":1,\"loss\":1,\"stepsPerSecond\":1,\"workers\":1,\"ps\":0%s}";

    private final JobRecordCodec codec = new JobRecordCodec();

    @Test
    void aSpecWithBatchLimitsRoundTripsAndOneWithoutWritesNoSuchField() throws Exception {
        JobDescription plain = JobDescriptions.allReduce(TrainingGoal.steps(5000));
        JobDescription adaptive = plain.withBatchLimits(new BatchLimits(64, 1024, 256));

        assertFalse(codec.specToJson(plain).contains("batchLimits"), codec.specToJson(plain));
        assertEquals(resource("batch-limits-spec-version-1.json"), codec.specToJson(adaptive));
        assertEquals(adaptive, codec.specFromJson(codec.specToJson(adaptive)));
        JobSpec spec = codec.specFromJson(codec.specToJson(adaptive)).toSpec("app_1", "alice", "root.dl");
        assertEquals(new BatchLimits(64, 1024, 256), spec.batchLimits());
        assertEquals(128, spec.globalBatchSize());
    }

    @Test
    void aSpecThatDeclaresNoLimitsTrainsAtItsOneBatch() throws Exception {
        JobDescription old = codec.specFromJson(JobDescriptions.DOCUMENTED_SPEC);
        assertEquals(BatchLimits.fixed(128), old.batchLimits());
        assertFalse(old.declaresBatchLimits());
        assertEquals(BatchLimits.fixed(128), codec.specFromJson(JobDescriptions.DOCUMENTED_SPEC
                .replace("}}", "},\"batchLimits\":null}")).batchLimits());
        JobDescription noLocal = codec.specFromJson(withLimits("{\"min\":32,\"max\":512}"));
        assertEquals(new BatchLimits(32, 512, BatchLimits.NO_LOCAL_LIMIT), noLocal.batchLimits());
        assertFalse(codec.specToJson(noLocal).contains("maxLocal"), codec.specToJson(noLocal));
    }

    @Test
    void badBatchLimitsAreRefusedNamingTheField() {
        assertMalformedSpec(withLimits("{\"min\":0,\"max\":512}"), "spec: field 'batchLimits.min' must be at least 1, got 0");
        assertMalformedSpec(withLimits("{\"min\":64,\"max\":32}"),
                "spec: field 'batchLimits.max' must be at least min 64, got 32");
        assertMalformedSpec(withLimits("{\"min\":64,\"max\":512,\"maxLocal\":-1}"),
                "spec: field 'batchLimits.maxLocal' must not be negative (0 for no limit), got -1");
        assertMalformedSpec(withLimits("{\"min\":64}"), "spec: missing required field 'batchLimits.max'");
        assertMalformedSpec(withLimits("{\"min\":64,\"max\":512,\"step\":2}"), "spec: unknown field 'batchLimits.step'");
        assertMalformedSpec(withLimits("{\"min\":256,\"max\":512}"),
                "spec: globalBatchSize 128 outside its batch limits [256, 512]");
    }

    @Test
    void aSampleSaysItsBatchAndNoiseScaleOnlyWhereItMeasuredThem() throws Exception {
        List<ProgressSample> batch = List.of(JobRecordFormatTest.richBatch().get(0),
                JobRecordFormatTest.richBatch().get(0).atBatch(256, 310.5),
                JobRecordFormatTest.richBatch().get(1).onGpuType("T4").atBatch(64, Double.POSITIVE_INFINITY),
                JobRecordFormatTest.richBatch().get(0).atBatch(ProgressSample.SPEC_BATCH, 12.0));
        String stored = resource("batch-progress-version-2.json");
        assertEquals(stored, codec.progressToJson(batch));
        assertEquals(batch, codec.progressBatchFromJson(stored));

        ProgressSample old = codec.progressFromJson("{\"version\":2,\"samples\":[" + String.format(SAMPLE, "") + "]}");
        assertEquals(ProgressSample.SPEC_BATCH, old.batchSize());
        assertEquals(64, old.batchOr(64));
        assertFalse(old.hasNoiseScale());
        ProgressSample nulls = codec.progressFromJson("{\"version\":2,\"samples\":["
                + String.format(SAMPLE, ",\"batchSize\":null,\"noiseScale\":null") + "]}");
        assertEquals(old, nulls);
    }

    @Test
    void aBatchSizeBelowOneOrOfTheWrongTypeIsMalformed() {
        assertMalformedProgress(String.format(SAMPLE, ",\"batchSize\":0"),
                "progress: field 'samples[0].batchSize' must be at least 1 (leave it out where the sample does not say), got 0");
        assertMalformedProgress(String.format(SAMPLE, ",\"batchSize\":12.5"),
                "progress: field 'samples[0].batchSize' must be an integer, got 12.5");
        assertMalformedProgress(String.format(SAMPLE, ",\"noiseScale\":\"high\""),
                "progress: field 'samples[0].noiseScale' must be a number");
    }

    private static String withLimits(String limits) {
        return JobDescriptions.DOCUMENTED_SPEC.replace("}}", "},\"batchLimits\":" + limits + "}");
    }

    private void assertMalformedSpec(String json, String expected) {
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.specFromJson(json));
        assertTrue(e.getMessage().startsWith(expected), "message '" + e.getMessage() + "' is not '" + expected + "'");
    }

    private void assertMalformedProgress(String sample, String expected) {
        MalformedRecordException e = assertThrows(MalformedRecordException.class,
                () -> codec.progressBatchFromJson("{\"version\":2,\"samples\":[" + sample + "]}"));
        assertTrue(e.getMessage().startsWith(expected), "message '" + e.getMessage() + "' is not '" + expected + "'");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = BatchFieldsTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }
}
