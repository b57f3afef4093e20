package io.yarndl.contract.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobRecordCodecTest {

    private final JobRecordCodec codec = new JobRecordCodec();

    @Test
    void readsTheDocumentedSpecExample() throws Exception {
        JobDescription description = codec.specFromJson(JobDescriptions.DOCUMENTED_SPEC);
        assertEquals("resnet50", description.name());
        assertEquals(Resources.of(0, 1, 2048), description.psDemand());
        assertEquals(2, description.requestedWorkers());
        assertEquals(TrainingGoal.targetLoss(0.1), description.goal());
        JobSpec spec = description.toSpec("application_1_0001", "alice", "root.dl");
        assertEquals("application_1_0001", spec.id());
        assertEquals(Resources.of(1, 2, 4096), description.minimumDemand());
    }

    @Test
    void specRoundTripsWithTargetLossGoal() throws Exception {
        JobDescription description = JobDescriptions.allReduce(TrainingGoal.targetLoss(0.25));
        assertEquals(description, codec.specFromJson(codec.specToJson(description)));
    }

    @Test
    void specRoundTripsWithStepsGoal() throws Exception {
        JobDescription description = JobDescriptions.allReduce(TrainingGoal.steps(5000));
        assertEquals(description, codec.specFromJson(codec.specToJson(description)));
    }

    @Test
    void specRoundTripsForParameterServerJob() throws Exception {
        JobDescription description = JobDescriptions.parameterServer();
        assertEquals(description, codec.specFromJson(codec.specToJson(description)));
        assertEquals(Resources.of(0, 8 + 2, 16384 + 16384), description.minimumDemand());
    }

    @Test
    void specDefaultsOptionalFields() throws Exception {
        JobDescription description = codec.specFromJson("{\"version\":1,\"name\":\"bert\",\"framework\":\"pytorch\","
                + "\"architecture\":\"AllReduce\",\"worker\":{\"gpus\":2,\"vcores\":4,\"memoryMb\":8192},"
                + "\"minWorkers\":2,\"maxWorkers\":6,\"globalBatchSize\":64,\"goal\":{\"steps\":1000}}");
        assertEquals(SyncMode.SYNCHRONOUS, description.syncMode());
        assertEquals(Resources.ZERO, description.psDemand());
        assertEquals(6, description.requestedWorkers());
        assertEquals(0, description.minPs() + description.maxPs() + description.requestedPs());
        assertEquals(Framework.PYTORCH, description.framework());
    }

    @Test
    void anExplicitNullForAnOptionalSpecFieldMeansItsDefault() throws Exception {
        JobDescription description = codec.specFromJson(JobDescriptions.DOCUMENTED_SPEC
                .replace("\"syncMode\":\"SYNC\"", "\"syncMode\":null").replace("\"requestedWorkers\":2", "\"requestedWorkers\":null")
                .replace("\"ps\":{\"gpus\":0,\"vcores\":1,\"memoryMb\":2048}", "\"ps\":null"));
        assertEquals(SyncMode.SYNCHRONOUS, description.syncMode());
        assertEquals(4, description.requestedWorkers());
        assertEquals(Resources.ZERO, description.psDemand());
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"maxWorkers\":4", "\"maxWorkers\":null"),
                "spec: field 'maxWorkers' must be an integer, got null");
    }

    @Test
    void progressRoundTrips() throws Exception {
        ProgressSample sample = new ProgressSample(1732200000.5, 1200, 0.83, 4.2, 2, 0);
        assertEquals(sample, codec.progressFromJson(codec.progressToJson(sample)));
        assertEquals(sample, codec.progressFromJson("{\"version\":1,\"timeSec\":1732200000.5,\"step\":1200,"
                + "\"loss\":0.83,\"stepsPerSecond\":4.2,\"workers\":2,\"ps\":0}"));
    }

    @Test
    void aBatchOfSamplesRoundTripsOldestFirstAndAVersionOneRecordIsABatchOfOne() throws Exception {
        List<ProgressSample> batch = List.of(new ProgressSample(1732200000.5, 1200, 0.83, 4.2, 2, 0),
                new ProgressSample(1732200000.8, 1201, 0.82, 4.2, 2, 0),
                new ProgressSample(1732200001.1, 1202, 0.81, 4.1, 2, 0));
        String json = codec.progressToJson(batch);
        assertTrue(json.startsWith("{\"version\":2,\"samples\":[{\"timeSec\":1.7322000005E9"), json);
        assertEquals(batch, codec.progressBatchFromJson(json));
        assertEquals(batch.get(2), codec.progressFromJson(json), "the newest sample is the last");
        assertEquals(List.of(batch.get(0)), codec.progressBatchFromJson("{\"version\":1,\"timeSec\":1732200000.5,"
                + "\"step\":1200,\"loss\":0.83,\"stepsPerSecond\":4.2,\"workers\":2,\"ps\":0}"));
    }

    @Test
    void aSampleSaysItsGpuTypeWhenTaggedAndLeavesTheFieldOutWhenNot() throws Exception {
        ProgressSample untagged = new ProgressSample(1732200000.5, 1200, 0.83, 4.2, 2, 0);
        ProgressSample tagged = untagged.onGpuType("V100");
        String json = codec.progressToJson(List.of(untagged, tagged));

        assertTrue(json.endsWith("\"workers\":2,\"ps\":0},{\"timeSec\":1.7322000005E9,\"step\":1200,\"loss\":0.83,"
                + "\"stepsPerSecond\":4.2,\"workers\":2,\"ps\":0,\"gpuType\":\"V100\"}]}"), json);
        assertEquals(List.of(untagged, tagged), codec.progressBatchFromJson(json));
        assertEquals("V100", codec.progressFromJson(json).gpuType());
        assertEquals(untagged, codec.progressFromJson("{\"version\":2,\"samples\":[{\"timeSec\":1732200000.5,"
                + "\"step\":1200,\"loss\":0.83,\"stepsPerSecond\":4.2,\"workers\":2,\"ps\":0,\"gpuType\":null}]}"),
                "null is untagged too");
    }

    @Test
    void aGpuTypeThatIsNoShortStringIsMalformed() {
        String sample = "{\"version\":2,\"samples\":[{\"timeSec\":1,\"step\":1,\"loss\":1,\"stepsPerSecond\":1,"
                + "\"workers\":1,\"ps\":0,\"gpuType\":%s}]}";
        assertMalformedProgress(String.format(sample, "7"), "progress: field 'samples[0].gpuType' must be a string, got 7");
        assertMalformedProgress(String.format(sample, "\"" + "V".repeat(65) + "\""),
                "progress: field 'samples[0].gpuType' must be at most 64 characters, got 65");
    }

    @Test
    void aSpecWithAModelFamilyRoundTripsAndOneWithoutWritesNoSuchField() throws Exception {
        JobDescription plain = JobDescriptions.allReduce(TrainingGoal.steps(5000));
        JobDescription declared = plain.withModelFamily("ResNet-50 (batch size 64)");

        assertFalse(codec.specToJson(plain).contains("modelFamily"), codec.specToJson(plain));
        assertTrue(codec.specToJson(declared).endsWith(",\"goal\":{\"steps\":5000},"
                + "\"modelFamily\":\"ResNet-50 (batch size 64)\"}"), codec.specToJson(declared));
        assertEquals(declared, codec.specFromJson(codec.specToJson(declared)));
        assertEquals("ResNet-50 (batch size 64)",
                codec.specFromJson(codec.specToJson(declared)).toSpec("app_1", "alice", "root.dl").modelFamily());
        assertEquals(JobSpec.UNKNOWN_FAMILY, codec.specFromJson(codec.specToJson(plain)).modelFamily());
        assertEquals(JobSpec.UNKNOWN_FAMILY, codec.specFromJson(JobDescriptions.DOCUMENTED_SPEC
                .replace("}}", "},\"modelFamily\":null}")).modelFamily());
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("}}", "},\"modelFamily\":\"" + "x".repeat(201) + "\"}"),
                "spec: field 'modelFamily' must be at most 200 characters, got 201");
    }

    @Test
    void aMalformedSampleInABatchIsNamedByItsIndex() {
        String good = "{\"timeSec\":1,\"step\":1,\"loss\":1,\"stepsPerSecond\":1,\"workers\":1,\"ps\":0}";
        assertMalformedProgress("{\"version\":2,\"samples\":[" + good + ",{\"timeSec\":2,\"step\":2,\"loss\":1,"
                + "\"stepsPerSecond\":1,\"workers\":1}]}", "progress: missing required field 'samples[1].ps'");
        assertMalformedProgress("{\"version\":2,\"samples\":[" + good.replace("}", ",\"extra\":1}") + "]}",
                "progress: unknown field 'samples[0].extra'");
        assertMalformedProgress("{\"version\":2,\"samples\":[]}", "progress: field 'samples' must hold at least one sample");
        assertMalformedProgress("{\"version\":2,\"samples\":" + good + "}", "progress: field 'samples' must be an array");
        assertMalformedProgress("{\"version\":3,\"samples\":[" + good + "]}", "progress: unsupported version 3 (this reader understands version [1, 2])");
        assertThrows(IllegalArgumentException.class, () -> codec.progressToJson(List.of()));
    }

    private void assertMalformedProgress(String json, String expected) {
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.progressBatchFromJson(json));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void nanLossRoundTripsAsAnUnusableSample() throws Exception {
        ProgressSample sample = new ProgressSample(10, 5, Double.NaN, Double.POSITIVE_INFINITY, 1, 0);
        String json = codec.progressToJson(sample);
        assertTrue(json.contains("\"loss\":\"NaN\""), json);
        ProgressSample read = codec.progressFromJson(json);
        assertTrue(Double.isNaN(read.loss()));
        assertEquals(Double.POSITIVE_INFINITY, read.stepsPerSecond());
        assertFalse(read.isUsable());
    }

    @Test
    void rejectsBareNanLiteralAsMalformed() {
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.progressFromJson(
                "{\"version\":1,\"timeSec\":1,\"step\":1,\"loss\":NaN,\"stepsPerSecond\":1,\"workers\":1,\"ps\":0}"));
        assertTrue(e.getMessage().startsWith("progress: not valid JSON"), e.getMessage());
    }

    @Test
    void rejectsTextThatIsNotJson() {
        assertMalformedSpec("{\"version\":1,", "spec: not valid JSON at line 1");
        assertMalformedSpec("", "spec: expected a JSON object, got nothing");
        assertMalformedSpec("[1,2]", "spec: expected a JSON object, got [1,2]");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC + " {}", "spec: not valid JSON");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"name\":\"resnet50\"", "\"name\":\"a\",\"name\":\"b\""),
                "Duplicate field 'name'");
        MalformedRecordException e = assertThrows(MalformedRecordException.class,
                () -> codec.progressFromJson("\u0000\u0001garbage"));
        assertTrue(e.getMessage().startsWith("progress: not valid JSON"), e.getMessage());
    }

    @Test
    void namesTheMissingField() {
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"maxWorkers\":4,", ""),
                "spec: missing required field 'maxWorkers'");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"gpus\":1,", ""),
                "spec: missing required field 'worker.gpus'");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"version\":1,", ""),
                "spec: missing required field 'version'");
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.progressFromJson(
                "{\"version\":1,\"timeSec\":1,\"step\":1,\"stepsPerSecond\":1,\"workers\":1,\"ps\":0}"));
        assertEquals("progress: missing required field 'loss'", e.getMessage());
    }

    @Test
    void namesTheUnknownField() {
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"name\"", "\"epochs\":3,\"name\""),
                "spec: unknown field 'epochs' (allowed: version, name,");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"memoryMb\":4096", "\"memoryMb\":4096,\"fpgas\":1"),
                "spec: unknown field 'worker.fpgas' (allowed: gpus, vcores, memoryMb)");
    }

    @Test
    void listsAllowedValuesOfABadEnum() {
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("PYTORCH", "TENSORFLOW"),
                "spec: field 'framework' has unknown value \"TENSORFLOW\" (allowed: PYTORCH, MXNET)");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"SYNC\"", "\"eventually\""),
                "(allowed: SYNC, ASYNC, SYNCHRONOUS, ASYNCHRONOUS)");
    }

    @Test
    void rejectsUnsupportedVersion() {
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"version\":1", "\"version\":2"),
                "spec: unsupported version 2 (this reader understands version 1)");
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.progressFromJson(
                "{\"version\":7,\"timeSec\":1,\"step\":1,\"loss\":1,\"stepsPerSecond\":1,\"workers\":1,\"ps\":0}"));
        assertTrue(e.getMessage().contains("unsupported version 7"), e.getMessage());
    }

    @Test
    void rejectsSpecThatJobSpecWouldReject() {
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"minWorkers\":1", "\"minWorkers\":5"),
                "spec: maxWorkers 4 < minWorkers 5");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"maxPs\":0", "\"maxPs\":2"),
                "spec: an all-reduce job has no parameter servers");
    }

    @Test
    void rejectsWrongTypesAndBadValuesNamingTheField() {
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"maxWorkers\":4", "\"maxWorkers\":\"4\""),
                "spec: field 'maxWorkers' must be an integer, got \"4\"");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"maxWorkers\":4", "\"maxWorkers\":4.5"),
                "spec: field 'maxWorkers' must be an integer, got 4.5");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"vcores\":2", "\"vcores\":-2"),
                "spec: field 'worker.vcores' must not be negative, got -2");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("{\"targetLoss\":0.1}", "{\"targetLoss\":0.1,\"steps\":9}"),
                "spec: field 'goal' must have exactly one of 'targetLoss' or 'steps', got both");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("{\"targetLoss\":0.1}", "{}"), "got neither");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("{\"targetLoss\":0.1}", "{\"targetLoss\":-1}"),
                "spec: field 'goal.targetLoss' is invalid: target loss must be a positive finite number");
        assertMalformedSpec(JobDescriptions.DOCUMENTED_SPEC.replace("\"resnet50\"", "null"),
                "spec: field 'name' must be a string, got null");
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.progressFromJson(
                "{\"version\":1,\"timeSec\":1,\"step\":1,\"loss\":\"low\",\"stepsPerSecond\":1,\"workers\":1,\"ps\":0}"));
        assertEquals("progress: field 'loss' must be a number, got \"low\"", e.getMessage());
    }

    private void assertMalformedSpec(String json, String expectedMessagePart) {
        MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> codec.specFromJson(json));
        assertTrue(e.getMessage().contains(expectedMessagePart),
                "message '" + e.getMessage() + "' lacks '" + expectedMessagePart + "'");
    }
}
