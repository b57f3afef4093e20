package io.yarndl.contract.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    record Plan(double timeSec, List<Job> jobs, @JsonSetter(nulls = Nulls.SET) String note) {
    }

    record Job(String jobId, int workers, Map<String, Point> points) {
        Job {
            if (workers < 0) {
                throw new InvalidField("workers", "must not be negative, got " + workers);
            }
        }
    }

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Point(double timeSec, long step) {
    }

    record Optional(@JsonProperty(required = true) int size, @JsonSetter(nulls = Nulls.SET) Integer extra) {
    }

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Tagged(double timeSec, @JsonSetter(nulls = Nulls.SET) String tag) {
    }

    private final StrictJson json = StrictJson.everyFieldRequired();

    private static final String GOOD = "{\"timeSec\":1.5,\"note\":null,\"jobs\":["
            + "{\"jobId\":\"a\",\"workers\":1,\"points\":{}},"
            + "{\"jobId\":\"b\",\"workers\":2,\"points\":{\"x\":[1.0,2]}},"
            + "{\"jobId\":\"c\",\"workers\":3,\"points\":{}}]}";

    private static <T> T read(StrictJson reader, String text, Class<T> type) throws JsonProblem {
        return reader.bind(reader.object(text), type);
    }

    private String refused(StrictJson reader, String text, Class<?> type) {
        return assertThrows(JsonProblem.class, () -> reader.bind(reader.object(text), type)).getMessage();
    }

    private String refused(String text) {
        return refused(json, text, Plan.class);
    }

    @Test
    void readsAWellFormedDocumentAndWritesItBackInDeclarationOrder() throws Exception {
        Plan plan = read(json, GOOD, Plan.class);
        assertEquals(2, plan.jobs().get(1).workers());
        assertEquals(new Point(1.0, 2), plan.jobs().get(1).points().get("x"));
        assertTrue(json.write(plan).startsWith("{\"timeSec\":1.5,\"jobs\":[{\"jobId\":\"a\""), json.write(plan));
    }

    @Test
    void aTupleElementIsNullOnlyWhereItsComponentAllowsIt() throws Exception {
        assertEquals(new Tagged(1.5, null), read(json, "{\"t\":[1.5,null]}", Holder.class).t());
        assertEquals(new Tagged(1.5, "V100"), read(json, "{\"t\":[1.5,\"V100\"]}", Holder.class).t());
        assertEquals("field 't.timeSec' must be a number, got null", refused(json, "{\"t\":[null,\"V100\"]}", Holder.class));
    }

    record Holder(Tagged t) {
    }

    @Test
    void anUnknownFieldIsNamedByItsPathWithTheAllowedOnes() {
        assertEquals("unknown field 'jobs[2].gpus' (allowed: jobId, workers, points)",
                refused(GOOD.replace("\"workers\":3,", "\"workers\":3,\"gpus\":1,")));
    }

    @Test
    void aMissingRequiredFieldIsNamedByItsPath() {
        assertEquals("missing required field 'jobs[2].workers'", refused(GOOD.replace("\"workers\":3,", "")));
        assertEquals("missing required field 'note'", refused(GOOD.replace("\"note\":null,", "")));
    }

    @Test
    void aValueOfTheWrongTypeIsNamedByItsPathWithWhatItIs() {
        assertEquals("field 'jobs[2].workers' must be an integer, got \"3\"",
                refused(GOOD.replace("\"workers\":3", "\"workers\":\"3\"")));
        assertEquals("field 'jobs[2].workers' must be an integer, got 3.5",
                refused(GOOD.replace("\"workers\":3", "\"workers\":3.5")));
        assertEquals("field 'jobs[2].workers' must be an integer, got null",
                refused(GOOD.replace("\"workers\":3", "\"workers\":null")));
        assertEquals("field 'jobs[0].jobId' must be a string, got 7", refused(GOOD.replace("\"a\"", "7")));
        assertEquals("field 'jobs[0].jobId' must be a string, got null", refused(GOOD.replace("\"a\"", "null")));
        assertEquals("field 'timeSec' must be a number, got \"1.5\"", refused(GOOD.replace("1.5", "\"1.5\"")));
        assertEquals("field 'jobs' must be an array, got an object",
                refused("{\"timeSec\":1.5,\"jobs\":{},\"note\":null}"));
    }

    @Test
    void aConstructorsRefusalIsNamedByTheRecordsPathAndItsField() {
        assertEquals("field 'jobs[1].workers' must not be negative, got -2",
                refused(GOOD.replace("\"workers\":2", "\"workers\":-2")));
    }

    @Test
    void aTupleMustHaveItsLengthAndTypes() {
        assertEquals("field 'jobs[1].points.x' must be an array [timeSec, step], got 1 value",
                refused(GOOD.replace("[1.0,2]", "[1.0]")));
        assertEquals("field 'jobs[1].points.x' must be an array [timeSec, step], got 3 values",
                refused(GOOD.replace("[1.0,2]", "[1.0,2,3]")));
        assertEquals("field 'jobs[1].points.x.step' must be an integer, got 2.5",
                refused(GOOD.replace("[1.0,2]", "[1.0,2.5]")));
        assertEquals("field 'jobs[1].points.x.timeSec' must be a number, got null",
                refused(GOOD.replace("[1.0,2]", "[null,2]")));
        assertEquals("field 'jobs[1].points.x' must be an array [timeSec, step], got an object",
                refused(GOOD.replace("[1.0,2]", "{}")));
    }

    @Test
    void nonFiniteDoublesAreWrittenAsStringsAndReadBack() throws Exception {
        Point point = new Point(Double.NaN, 1);
        assertEquals("[\"NaN\",1]", json.write(point));
        assertEquals(Double.POSITIVE_INFINITY, read(json, "{\"timeSec\":\"INF\",\"jobs\":[],\"note\":null}", Plan.class)
                .timeSec());
        assertEquals(Double.NEGATIVE_INFINITY, read(json, GOOD.replace("1.5", "\"-Infinity\""), Plan.class).timeSec());
        assertEquals("field 'timeSec' must be a number, got \"nan\"", refused(GOOD.replace("1.5", "\"nan\"")));
    }

    @Test
    void whatIsNotOneJsonObjectIsRefusedAsAWhole() {
        assertEquals("expected a JSON object, got nothing", refused(""));
        assertEquals("expected a JSON object, got [1,2]", refused("[1,2]"));
        assertTrue(refused(GOOD + " {}").startsWith("not valid JSON at line 1"), refused(GOOD + " {}"));
        assertTrue(refused(GOOD.replace("\"note\":null,", "\"note\":null,\"note\":null,")).contains("Duplicate field"));
    }

    @Test
    void withRequiredAsAnnotatedAnAbsentOrNullOptionalFieldReadsAsNull() throws Exception {
        StrictJson lenient = StrictJson.requiredAsAnnotated();
        assertEquals(new Optional(1, null), read(lenient, "{\"size\":1}", Optional.class));
        assertEquals(new Optional(1, null), read(lenient, "{\"size\":1,\"extra\":null}", Optional.class));
        assertEquals("missing required field 'size'", refused(lenient, "{\"extra\":1}", Optional.class));
        assertEquals("unknown field 'more' (allowed: size, extra)", refused(lenient, "{\"size\":1,\"more\":1}",
                Optional.class));
    }
}
