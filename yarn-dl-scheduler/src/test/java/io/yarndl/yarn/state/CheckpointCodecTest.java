package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CheckpointCodecTest {

    private static final long LIMIT = 16L << 20;

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
        refusedJson(richJson().replace("{\"format\":1,", "{\"format\":1,\"format\":1,"), CheckpointProblem.MALFORMED);
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
    void olderAndNewerFormatsAreUnsupportedSayingWhichAndThatTheSchedulerStartsFresh() {
        for (int format : new int[] {0, 2}) {
            String json = richJson().replace("{\"format\":1,", "{\"format\":" + format + ",");
            String message = refusedJson(json, CheckpointProblem.UNSUPPORTED_FORMAT).getMessage();
            assertTrue(message.contains("format " + format + " is " + (format == 0 ? "older" : "newer")), message);
            assertTrue(message.contains("starts fresh and relearns"), message);
        }
        refusedJson("{\"format\":2,\"whatever\":\"a later layout\"}", CheckpointProblem.UNSUPPORTED_FORMAT);
        refusedJson("{\"format\":\"1\"}", CheckpointProblem.MALFORMED);
    }
}
