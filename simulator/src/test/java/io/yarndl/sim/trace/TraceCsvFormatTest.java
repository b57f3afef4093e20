package io.yarndl.sim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TestJobTypes;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TraceCsvFormatTest {

    private static final Map<String, JobType> TYPES = TraceCsvFormat.typesByName(TestJobTypes.mix());
    private static final String HEADER = String.join(",", TraceCsvFormat.COLUMNS);
    private static final String GOOD_PS = "j1,10,alice,ps-model,4,2,1,16,1,8,100";
    private static final String GOOD_AR = "j2,20,bob,ar-model,2,0,1,32,0,0,50.5";

    private static List<TraceJob> read(String text) throws IOException {
        List<TraceJob> jobs = new ArrayList<>();
        try (TraceCsvReader reader = TraceCsvFormat.open(new StringReader(text), "test.csv", TYPES)) {
            reader.forEachRemaining(jobs::add);
        }
        return jobs;
    }

    private static TraceFormatException readFails(String text) {
        return assertThrows(TraceFormatException.class, () -> read(text));
    }

    static Stream<Arguments> malformedRows() {
        return Stream.of(
                Arguments.of("j3,30,carol,ar-model,two,0,1,32,0,0,50", "requested_workers", "two"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,32,0,0,ten", "duration_sec", "ten"),
                Arguments.of("j3,-1,carol,ar-model,2,0,1,32,0,0,50", "arrival_sec", "-1"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,-32,0,0,50", "max_workers", "-32"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,32,0,0,NaN", "duration_sec", "NaN"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,32,0,0,0", "duration_sec", "0"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,32,0,0,0x10", "duration_sec", "0x10"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,32,0,0", "duration_sec", null),
                Arguments.of("j3,30,carol,ar-model,2,0,1,32,0,0,50,extra", "(beyond the header)", null),
                Arguments.of("j3,30,carol,ar-model,2,0,8,4,0,0,50", "min_workers", "8"),
                Arguments.of("j3,30,carol,ar-model,9,0,1,8,0,0,50", "requested_workers", "9"),
                Arguments.of("j3,30,carol,ar-model,2,0,0,8,0,0,50", "min_workers", "0"),
                Arguments.of("j3,30,carol,ar-model,2,1,1,8,0,0,50", "requested_ps", "1"),
                Arguments.of("j3,30,carol,ar-model,2,0,1,8,0,3,50", "max_ps", "3"),
                Arguments.of("j3,30,carol,ps-model,2,0,1,8,0,4,50", "min_ps", "0"),
                Arguments.of("j3,30,carol,ps-model,2,5,1,8,1,4,50", "requested_ps", "5"),
                Arguments.of("j3,30,,ar-model,2,0,1,8,0,0,50", "user", ""),
                Arguments.of("j3,30,carol,\"ar-model\",2,0,1,8,0,0,50", "job_type", "\"ar-model\""));
    }

    @ParameterizedTest
    @MethodSource("malformedRows")
    void malformedRowFailsNamingFileLineColumnAndValue(String row, String column, String value) {
        TraceFormatException e = readFails(HEADER + "\n" + GOOD_PS + "\n" + GOOD_AR + "\n" + row + "\n");
        assertEquals("test.csv", e.source());
        assertEquals(4, e.line());
        assertEquals(column, e.column());
        if (value != null) {
            assertEquals(value, e.value());
        }
        assertTrue(e.getMessage().startsWith("test.csv, line 4, column " + column), e.getMessage());
    }

    @Test
    void lineNumbersCountCommentsAndBlankLines() {
        TraceFormatException e = readFails("# made by hand\n" + HEADER + "\n\n" + GOOD_PS + "\n# note\n"
                + "j3,30,carol,ar-model,x,0,1,32,0,0,50\n");
        assertEquals(6, e.line());
        assertEquals("requested_workers", e.column());
    }

    @Test
    void unknownJobTypeListsTheKnownOnes() {
        TraceFormatException e = readFails(HEADER + "\nj3,30,carol,gpt-9,2,0,1,8,0,0,50\n");
        assertEquals("job_type", e.column());
        assertEquals("gpt-9", e.value());
        assertTrue(e.getMessage().contains("known: ar-model, ps-model, small-model"), e.getMessage());
    }

    @Test
    void rowArrivingBeforeTheRowAboveIsRejectedWithItsLine() {
        TraceFormatException e = readFails(HEADER + "\n" + GOOD_PS + "\n" + GOOD_AR + "\n"
                + "j3,19.5,carol,ar-model,2,0,1,32,0,0,50\n");
        assertEquals(4, e.line());
        assertEquals("arrival_sec", e.column());
        assertEquals("19.5", e.value());
        assertTrue(e.getMessage().contains("sorted by arrival"), e.getMessage());
    }

    @Test
    void headerLackingAColumnIsRejectedAtOpen() {
        String header = HEADER.replace(",duration_sec", "");
        TraceFormatException e = readFails(header + "\n" + GOOD_PS + "\n");
        assertEquals(1, e.line());
        assertEquals("duration_sec", e.column());
    }

    @Test
    void emptyFileIsRejected() {
        TraceFormatException e = readFails("# only a comment\n\n");
        assertTrue(e.getMessage().contains("no header"), e.getMessage());
    }

    @Test
    void convertsDurationToRequiredStepsAtRequestedSizeColocated() throws IOException {
        List<TraceJob> jobs = read(HEADER + "\n" + GOOD_PS + "\n" + GOOD_AR + "\n");
        assertEquals(2, jobs.size());
        double psSpeed = TestJobTypes.PS_MODEL.speed().stepsPerSecond(4, 2, 1);
        assertEquals(Math.round(100 * psSpeed), jobs.get(0).requiredSteps());
        assertEquals(Math.round(50.5 * 1.7 * 2), jobs.get(1).requiredSteps());
        TraceJob ps = jobs.get(0);
        assertEquals(List.of("j1", "alice", "ps-model"), List.of(ps.id(), ps.user(), ps.type().name()));
        assertEquals(List.of(4, 2, 1, 16, 1, 8), List.of(ps.requestedWorkers(), ps.requestedPs(),
                ps.minWorkers(), ps.maxWorkers(), ps.minPs(), ps.maxPs()));
        assertEquals(10.0, ps.arrivalSec());
    }

    @Test
    void acceptsColumnsInAnyOrderAndIgnoresUnknownColumns() throws IOException {
        String text = "duration_sec,job_id,note,max_ps,min_ps,max_workers,min_workers,requested_ps,requested_workers,"
                + "job_type,user,arrival_sec\n"
                + "100,j1,hello,8,1,16,1,2,4,ps-model,alice,10\n";
        List<TraceJob> jobs = read(text);
        assertEquals(read(HEADER + "\n" + GOOD_PS + "\n"), jobs);
    }

    @Test
    void readsRowsLazilyUpToTheFirstBadOne() throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < 500; i++) {
            text.append("j").append(i).append(',').append(i).append(",u,ar-model,1,0,1,4,0,0,60\n");
        }
        text.append("bad,999,u,ar-model,1,0,1,4,0,0,oops\n");
        try (TraceCsvReader reader = TraceCsvFormat.open(new StringReader(text.toString()), "big.csv", TYPES)) {
            for (int i = 0; i < 500; i++) {
                assertEquals("j" + i, reader.next().id());
            }
            TraceFormatException e = assertThrows(TraceFormatException.class, reader::hasNext);
            assertEquals(502, e.line());
        }
    }

    @Test
    void writtenJobsReadBackEqual(@TempDir Path dir) throws IOException {
        List<TraceJob> jobs = read(HEADER + "\n" + GOOD_PS + "\n" + GOOD_AR + "\n"
                + "j3,12345678.25,carol,small-model,2,0,1,2,0,0,1e7\n");
        Path file = dir.resolve("trace.csv");
        TraceCsvFormat.write(file, jobs.iterator(), List.of("hand-made"));
        String text = Files.readString(file);
        assertTrue(text.startsWith("# hand-made\n" + HEADER + "\n"), text);
        assertFalse(text.contains("E"), "no scientific notation: " + text);
        assertEquals(jobs, TraceCsvFormat.readAll(file, TYPES));
    }

    @Test
    void writerRefusesJobsOutOfArrivalOrder() throws IOException {
        List<TraceJob> jobs = new ArrayList<>(read(HEADER + "\n" + GOOD_PS + "\n" + GOOD_AR + "\n"));
        jobs.add(jobs.remove(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceCsvFormat.write(new StringWriter(), jobs.iterator(), List.of()));
        assertTrue(e.getMessage().contains("j1"), e.getMessage());
    }

    @Test
    void writerRefusesTextTheReaderCouldNotSplit() throws IOException {
        TraceJob job = read(HEADER + "\n" + GOOD_AR + "\n").get(0);
        TraceJob withComma = new TraceJob(job.id(), job.arrivalSec(), "smith, john", job.type(),
                job.requestedWorkers(), 0, job.minWorkers(), job.maxWorkers(), 0, 0, job.requiredSteps());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceCsvFormat.write(new StringWriter(), List.of(withComma).iterator(), List.of()));
        assertTrue(e.getMessage().startsWith("user 'smith, john'"), e.getMessage());
    }

    @Test
    void duplicateTypeNamesInTheCatalogAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> TraceCsvFormat.typesByName(List.of(TestJobTypes.PS_MODEL, TestJobTypes.PS_MODEL)));
    }
}
