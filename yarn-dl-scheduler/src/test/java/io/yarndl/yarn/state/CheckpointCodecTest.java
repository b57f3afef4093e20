package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.SizePoint;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class CheckpointCodecTest {

    private static final long LIMIT = 16L << 20;

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final CheckpointCodec codec = new CheckpointCodec();

    private static byte[] gzipped(String json) {
        return CheckpointCodec.gzip(json.getBytes(StandardCharsets.UTF_8));
    }

    private String richJson() {
        return new String(codec.json(Checkpoints.rich()), StandardCharsets.UTF_8);
    }

    private UnreadableCheckpointException refused(byte[] payload, CheckpointProblem expected) {
        UnreadableCheckpointException e = assertThrows(UnreadableCheckpointException.class,
                () -> codec.decode(payload, LIMIT));
        assertEquals(expected, e.problem(), e.getMessage());
        return e;
    }

    private UnreadableCheckpointException refusedJson(String json, CheckpointProblem expected) {
        return refused(gzipped(json), expected);
    }

    @Test
    void richCheckpointRoundTripsExactlyIncludingNonFiniteValuesAndPlacements() throws Exception {
        SchedulerCheckpoint rich = Checkpoints.rich();
        SchedulerCheckpoint back = codec.decode(codec.encode(rich), LIMIT);
        assertEquals(rich, back);
        assertEquals(Double.doubleToRawLongBits(-0.0),
                Double.doubleToRawLongBits(back.policyState().jobs().get(Checkpoints.JOB_A).curve().b2()));
        assertEquals(rich.plan().jobs().keySet().stream().toList(), back.plan().jobs().keySet().stream().toList(),
                "decisions keep the plan's order");
    }

    @Test
    void emptyCheckpointRoundTrips() throws Exception {
        assertEquals(Checkpoints.empty(), codec.decode(codec.encode(Checkpoints.empty()), LIMIT));
    }

    @Test
    void gavelsReceivedTimeAndRoundStartRoundTripExactly() throws Exception {
        SchedulerCheckpoint gavel = Checkpoints.gavel();
        assertEquals(gavel, codec.decode(codec.encode(gavel), LIMIT));
    }

    @Test
    void aFormatThreeCheckpointReadsWithNothingReceivedAndMayNotHoldRounds() throws Exception {
        ObjectNode tree = (ObjectNode) MAPPER.readTree(codec.json(Checkpoints.gavel()));
        tree.put("format", 3);
        assertTrue(refusedJson(MAPPER.writeValueAsString(tree), CheckpointProblem.MALFORMED).getMessage()
                .contains("'policyState.rounds' in a format 3"));
        ((ObjectNode) tree.get("policyState")).remove("rounds");

        SchedulerCheckpoint read = codec.decode(CheckpointCodec.gzip(MAPPER.writeValueAsBytes(tree)), LIMIT);

        assertEquals(PolicyState.Rounds.NONE, read.policyState().rounds());
        assertEquals(Checkpoints.gavel().plan(), read.plan());
    }

    @Test
    void receivedTimeARecordRefusesIsMalformedNamingTheKey() {
        String json = new String(codec.json(Checkpoints.gavel()), StandardCharsets.UTF_8)
                .replace("{\"K80\":0.1,", "{\"K80\":null,");
        String message = refusedJson(json, CheckpointProblem.MALFORMED).getMessage();
        assertTrue(message.contains("policyState.rounds.received.application_1732200000000_0001"), message);
    }

    @Test
    void equalCheckpointsEncodeToEqualBytes() {
        assertArrayEquals(codec.encode(Checkpoints.rich()), codec.encode(Checkpoints.rich()));
    }

    @Test
    void gzipGarbageIsMalformed() {
        refused("plain text, no gzip".getBytes(StandardCharsets.UTF_8), CheckpointProblem.MALFORMED);
        refused(new byte[0], CheckpointProblem.MALFORMED);
        byte[] corrupt = codec.encode(Checkpoints.rich());
        for (int i = 12; i < corrupt.length - 8; i += 7) {
            corrupt[i] ^= 0x5a;
        }
        refused(corrupt, CheckpointProblem.MALFORMED);
    }

    @Test
    void cutOffGzipStreamIsTruncated() {
        byte[] whole = codec.encode(Checkpoints.rich());
        refused(Arrays.copyOf(whole, whole.length / 2), CheckpointProblem.TRUNCATED);
        refused(Arrays.copyOf(whole, 5), CheckpointProblem.TRUNCATED);
    }

    @Test
    void gzipBombIsOversizedWithoutInflatingItAll() {
        byte[] bomb = CheckpointCodec.gzip(new byte[64 << 20]);
        assertTrue(bomb.length < 100_000, "bomb of " + bomb.length + " bytes");
        UnreadableCheckpointException e = assertThrows(UnreadableCheckpointException.class,
                () -> codec.decode(bomb, 1 << 20));
        assertEquals(CheckpointProblem.OVERSIZED, e.problem());
        assertTrue(e.getMessage().contains("1048576"), e.getMessage());
    }

    @Test
    void wrongJsonIsMalformed() {
        refusedJson("{\"format\":1,", CheckpointProblem.MALFORMED);
        refusedJson("[1,2,3]", CheckpointProblem.MALFORMED);
        refusedJson("", CheckpointProblem.MALFORMED);
        refusedJson(richJson() + "{}", CheckpointProblem.MALFORMED);
        refusedJson(richJson().replace("{\"format\":5,", "{\"format\":5,\"format\":3,"), CheckpointProblem.MALFORMED);
    }

    @Test
    void wrongTypesAndUnknownFieldsAreMalformedNamingTheField() {
        String json = richJson();
        assertTrue(refusedJson(json.replace("\"rounds\":42", "\"rounds\":\"42\""), CheckpointProblem.MALFORMED)
                .getMessage().contains("'rounds'"));
        assertTrue(refusedJson(json.replace("\"fittedStep\":1200", "\"fittedStep\":1200.5"), CheckpointProblem.MALFORMED)
                .getMessage().contains("'policyState.jobs." + Checkpoints.JOB_A + ".fittedStep'"));
        assertTrue(refusedJson(json.replace("\"rounds\":42", "\"rounds\":42,\"extra\":true"), CheckpointProblem.MALFORMED)
                .getMessage().contains("unknown field 'extra'"));
        assertTrue(refusedJson(json.replace("\"policy\":\"optimus\",\"modelVersion\"", "\"modelVersion\""),
                CheckpointProblem.MALFORMED).getMessage().contains("missing required field 'policy'"));
        assertTrue(refusedJson(json.replace("\"archive\":[[", "\"archive\":[[0,"),
                CheckpointProblem.MALFORMED).getMessage().contains("samples." + Checkpoints.JOB_A + ".archive[0]"));
        assertTrue(refusedJson(json.replace("\"NaN\"", "\"nan\""), CheckpointProblem.MALFORMED)
                .getMessage().contains("must be a number, got \"nan\""));
    }

    @Test
    void eachStrictnessRuleNamesTheFullPathOfTheFieldAtFault() {
        String json = richJson();
        String a = Checkpoints.JOB_A;
        assertEquals("checkpoint: field 'plan.jobs[2].workers' must be an integer, got \"none\"", refusedJson(json.replace(
                "\"workers\":0,\"ps\":0,\"placement\":{},\"reason\":\"no room\"",
                "\"workers\":\"none\",\"ps\":0,\"placement\":{},\"reason\":\"no room\""), CheckpointProblem.MALFORMED).getMessage());
        assertEquals("checkpoint: unknown field 'policyState.jobs." + a + ".curve.b3' (allowed: b0, b1, b2, lossScale,"
                + " samplesUsed)", refusedJson(json.replace("\"b2\":-0.0,", "\"b2\":-0.0,\"b3\":1,"),
                CheckpointProblem.MALFORMED).getMessage());
        assertEquals("checkpoint: missing required field 'samples." + a + ".aged'",
                refusedJson(json.replace("\"aged\":4,", ""), CheckpointProblem.MALFORMED).getMessage());
        assertEquals("checkpoint: field 'samples." + a + ".recent[2]' must be an array [timeSec, step, loss,"
                + " stepsPerSecond, workers, ps, gpuType, batchSize, noiseScale], got 6 values", refusedJson(json.replace("[1.732199007E9,7,0.1,4.2,2,1,\"V100\",512,\"Infinity\"]",
                "[1.732199007E9,7,0.1,4.2,2,1]"), CheckpointProblem.MALFORMED).getMessage());
        assertEquals("checkpoint: field 'samples." + a + ".recent[2].workers' must be an integer, got \"2\"",
                refusedJson(json.replace("[1.732199007E9,7,0.1,4.2,2,1,\"V100\",512,\"Infinity\"]", "[1.732199007E9,7,0.1,4.2,\"2\",1,\"V100\",512,\"Infinity\"]"),
                CheckpointProblem.MALFORMED).getMessage());
        assertEquals("checkpoint: field 'policy' must be a string, got null",
                refusedJson(json.replace("\"policy\":\"optimus\",\"modelVersion\"", "\"policy\":null,\"modelVersion\""),
                        CheckpointProblem.MALFORMED).getMessage());
        assertEquals("checkpoint: field 'plan.jobs[0].placement.node-1' refused: negative task count: workers=-2, ps=1",
                refusedJson(json.replace("\"node-1\":{\"workers\":2,", "\"node-1\":{\"workers\":-2,"),
                        CheckpointProblem.MALFORMED).getMessage());
    }

    @Test
    void aJobsMeasuredResizesAreReadBackAndNonsenseOnesAreRefusedNamingTheirPath() throws Exception {
        assertEquals(new io.yarndl.core.job.Restarts(2, 41.5),
                codec.decode(codec.encode(Checkpoints.rich()), LIMIT).samples().get(Checkpoints.JOB_A).restarts());
        String json = richJson();
        assertTrue(json.contains("\"restarts\":[2,41.5]"), json);
        String message = refusedJson(json.replace("\"restarts\":[2,41.5]", "\"restarts\":[-1,41.5]"),
                CheckpointProblem.MALFORMED).getMessage();
        assertTrue(message.contains("'samples." + Checkpoints.JOB_A + ".restarts' refused"), message);
        assertTrue(refusedJson(json.replace("\"restarts\":[2,41.5]", "\"restarts\":[2]"), CheckpointProblem.MALFORMED)
                .getMessage().contains("samples." + Checkpoints.JOB_A + ".restarts"));
    }

    @Test
    void valuesARecordRefusesAreMalformedNamingTheRecord() {
        String json = richJson();
        UnreadableCheckpointException e = refusedJson(json.replace("\"rounds\":42", "\"rounds\":-1"),
                CheckpointProblem.MALFORMED);
        assertTrue(e.getMessage().contains("rounds must not be negative"), e.getMessage());
        e = refusedJson(json.replace("{\"workers\":2,\"ps\":1}", "{\"workers\":-2,\"ps\":1}"), CheckpointProblem.MALFORMED);
        assertTrue(e.getMessage().contains("negative task count"), e.getMessage());
        e = refusedJson(json.replace("\"workers\":3,\"ps\":1,\"placement\"", "\"workers\":4,\"ps\":1,\"placement\""),
                CheckpointProblem.MALFORMED);
        assertTrue(e.getMessage().contains("plan.jobs[0]") && e.getMessage().contains("does not match"), e.getMessage());
    }

    @Test
    void aFormatOneCheckpointReadsAsTheSameCheckpointCarryingNothingOver() throws Exception {
        ObjectNode tree = (ObjectNode) MAPPER.readTree(codec.json(Checkpoints.rich()));
        tree.remove("carriedOver");
        ((ObjectNode) tree.get("policyState")).remove("rounds");
        tree.put("format", 1);

        SchedulerCheckpoint read = codec.decode(CheckpointCodec.gzip(MAPPER.writeValueAsBytes(tree)), LIMIT);

        SchedulerCheckpoint rich = Checkpoints.rich();
        assertEquals(new SchedulerCheckpoint(SchedulerCheckpoint.CURRENT_FORMAT, rich.writtenAtMillis(), rich.policy(),
                rich.modelVersion(), rich.rounds(), rich.plan(), rich.policyState(), rich.samples(), CarriedOver.NONE),
                read);
    }

    @Test
    void aFormatOneCheckpointWithFieldsOfALaterFormatIsMalformed() {
        String json = richJson().replace("{\"format\":5,", "{\"format\":1,");
        assertTrue(refusedJson(json, CheckpointProblem.MALFORMED).getMessage().contains("'carriedOver'"));
    }

    @Test
    void carriedOverHistoriesKeepTheirOrderAcrossJobs() throws Exception {
        CarriedOver back = codec.decode(codec.encode(Checkpoints.rich()), LIMIT).carriedOver();

        assertEquals(Checkpoints.carriedOver(), back);
        assertEquals(List.of("node-1", "node-2"), List.copyOf(back.dlNodes()));
    }

    @Test
    void pointsOfSeveralJobsAtOneInstantReadBackAsWrittenWhicheverJobWasRecordedFirst() throws Exception {
        // The order two jobs' points of the same round were recorded in (the later job first here)
        // is lost by the job-grouped JSON; the checkpoint read must still equal the one written.
        CarriedOver recorded = new CarriedOver(new TreeSet<>(List.of("node-1")),
                List.of(new SizePoint(10.0, Checkpoints.JOB_B, 0, 0, 2, 0), new SizePoint(10.0, Checkpoints.JOB_A, 0, 0, 2, 0),
                        new SizePoint(10.0, Checkpoints.JOB_B, 2, 0, 2, 0)),
                List.of(new PlanBook.TargetChange(10.0, Checkpoints.JOB_B, 2, 0, "minimum"),
                        new PlanBook.TargetChange(10.0, Checkpoints.JOB_A, 2, 0, "minimum")));
        SchedulerCheckpoint written = withCarriedOver(Checkpoints.rich(), recorded);

        SchedulerCheckpoint read = codec.decode(codec.encode(written), LIMIT);

        assertEquals(written, read);
        assertEquals(List.of(Checkpoints.JOB_A, Checkpoints.JOB_B, Checkpoints.JOB_B),
                read.carriedOver().sizes().stream().map(SizePoint::jobId).toList());
        assertEquals(List.of(0, 2), read.carriedOver().sizes().stream()
                .filter(point -> point.jobId().equals(Checkpoints.JOB_B)).map(SizePoint::heldWorkers).toList(),
                "one job's points at one instant keep their order");
    }

    private static SchedulerCheckpoint withCarriedOver(SchedulerCheckpoint base, CarriedOver carried) {
        return new SchedulerCheckpoint(base.format(), base.writtenAtMillis(), base.policy(), base.modelVersion(),
                base.rounds(), base.plan(), base.policyState(), base.samples(), carried);
    }

    @Test
    void badCarriedOverEntriesAreMalformedNamingTheField() {
        String json = richJson();
        String sizes = "\"sizes\":{\"" + Checkpoints.JOB_A + "\":[[1.7321999805E9,0,0,2,1]";
        assertTrue(json.contains(sizes), json);
        assertTrue(refusedJson(json.replace(sizes, sizes.replace(",0,0,2,1]", ",0,0,2]")), CheckpointProblem.MALFORMED)
                .getMessage().contains("carriedOver.sizes." + Checkpoints.JOB_A + "[0]"));
        assertTrue(refusedJson(json.replace(sizes, sizes.replace(",0,0,2,1]", ",0,-1,2,1]")), CheckpointProblem.MALFORMED)
                .getMessage().contains("negative"));
        assertTrue(refusedJson(json.replace("\"dlNodes\":[\"node-1\"", "\"dlNodes\":[7"), CheckpointProblem.MALFORMED)
                .getMessage().contains("carriedOver.dlNodes[0]"));
    }

    @Test
    void olderAndNewerFormatsAreUnsupportedSayingWhichAndThatTheSchedulerStartsFresh() {
        for (int format : new int[] {0, 6}) {
            String json = richJson().replace("{\"format\":5,", "{\"format\":" + format + ",");
            String message = refusedJson(json, CheckpointProblem.UNSUPPORTED_FORMAT).getMessage();
            assertTrue(message.contains("format " + format + " is " + (format == 0 ? "older" : "newer")), message);
            assertTrue(message.contains("starts fresh and relearns"), message);
        }
        refusedJson("{\"format\":6,\"whatever\":\"a later layout\"}", CheckpointProblem.UNSUPPORTED_FORMAT);
        refusedJson("{\"format\":\"1\"}", CheckpointProblem.MALFORMED);
    }
}
