package io.yarndl.sim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TestJobTypes;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PhillyTraceReaderTest {

    private static final String HEADER = "timestamp,duration,num_gpus,gpu_time,cluster";
    private static final List<JobType> MIX = TestJobTypes.mix();

    @TempDir
    Path dir;

    private Path file(String... lines) throws IOException {
        Path file = dir.resolve("philly.csv");
        Files.writeString(file, HEADER + "\n" + String.join("\n", lines) + "\n");
        return file;
    }

    private static List<TraceJob> jobs(PhillyTraceReader trace) {
        List<TraceJob> jobs = new ArrayList<>();
        trace.forEach(jobs::add);
        return jobs;
    }

    private static double secondsAlone(TraceJob job) {
        return job.requiredSteps() / job.type().speed().stepsPerSecond(job.requestedWorkers(), job.requestedPs(), 1);
    }

    @Test
    void readsEveryJobOfTheRealPhillyTraceInArrivalOrder() throws IOException {
        Path file = PhillyTraceReader.defaultFile(RepoData.dir());
        assertTrue(Files.isRegularFile(file), "the Philly trace is missing at " + file
                + " (data/pollux/traces/philly.csv); this test must not pass without it");
        PhillyTraceReader trace = PhillyTraceReader.load(file, MIX, 1);

        // 82,248 lines: that counts the header line; the file has 82,247 jobs.
        assertEquals(82_247, trace.size());
        double demandedGpuSeconds = 0;
        double last = 0;
        int count = 0;
        int maxGpus = 0;
        Set<String> users = new HashSet<>();
        for (TraceJob job : trace) {
            if (count++ == 0) {
                assertEquals(0.0, job.arrivalSec());
            }
            assertTrue(job.arrivalSec() >= last, () -> "arrivals must not decrease: " + job);
            last = job.arrivalSec();
            users.add(job.user());
            maxGpus = Math.max(maxGpus, job.requestedWorkers());
            demandedGpuSeconds += job.requestedWorkers() * secondsAlone(job);
        }
        assertEquals(82_247, count);
        assertEquals(trace.spanSec(), last);
        assertEquals(128, maxGpus);
        assertEquals(15, users.size(), "one user per virtual cluster: " + users);

        double fileGpuSeconds = 0;
        for (String line : Files.readAllLines(file).subList(1, 82_248)) {
            String[] fields = line.split(",");
            fileGpuSeconds += Double.parseDouble(fields[1]) * Integer.parseInt(fields[2]);
        }
        assertEquals(fileGpuSeconds, demandedGpuSeconds, 1e-6 * fileGpuSeconds,
                "at their requested sizes the jobs must demand the GPU time they used in Philly");
    }

    @Test
    void unsortedRowsComeOutInArrivalOrderWithTiesInFileOrder() throws IOException {
        Path file = file(
                "2017-10-09 07:00:10,60.0,1,60.0,aa",
                "2017-10-09 07:00:00,30.0,2,60.0,bb",
                "2017-10-09 07:00:10,90.0,4,360.0,aa",
                "2017-10-09 06:59:59,10.0,1,10.0,cc");
        List<TraceJob> jobs = jobs(PhillyTraceReader.load(file, MIX, 3));
        assertEquals(List.of("philly-00003", "philly-00001", "philly-00000", "philly-00002"),
                jobs.stream().map(TraceJob::id).toList());
        assertEquals(List.of(0.0, 1.0, 11.0, 11.0), jobs.stream().map(TraceJob::arrivalSec).toList());
        assertEquals(List.of("vc-cc", "vc-bb", "vc-aa", "vc-aa"), jobs.stream().map(TraceJob::user).toList());
        assertEquals(List.of(1, 2, 1, 4), jobs.stream().map(TraceJob::requestedWorkers).toList());
    }

    @Test
    void eachJobRunsItsTraceDurationAloneAtItsRequestedSize() throws IOException {
        List<TraceJob> jobs = jobs(PhillyTraceReader.load(file(
                "2017-10-09 07:00:00,3600.0,8,28800.0,aa",
                "2017-10-09 07:00:05,66.0,1,66.0,aa"), MIX, 5));
        assertEquals(3600.0, secondsAlone(jobs.get(0)), 0.5 / 8);
        assertEquals(66.0, secondsAlone(jobs.get(1)), 0.5);
        for (TraceJob job : jobs) {
            assertEquals(1, job.minWorkers());
            assertTrue(job.maxWorkers() >= job.requestedWorkers());
            assertEquals(job.type().usesParameterServers() ? (job.requestedWorkers() + 1) / 2 : 0, job.requestedPs());
        }
    }

    @Test
    void sameSeedAssignsTheSameTypesAndAnotherSeedOthers() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(String.format("2017-10-09 07:%02d:%02d,100.0,1,100.0,aa", (i * 7 % 3600) / 60, i * 7 % 60));
        }
        Path file = file(rows.toArray(String[]::new));
        List<String> first = jobs(PhillyTraceReader.load(file, MIX, 10)).stream().map(j -> j.type().name()).toList();
        List<String> again = jobs(PhillyTraceReader.load(file, MIX, 10)).stream().map(j -> j.type().name()).toList();
        List<String> other = jobs(PhillyTraceReader.load(file, MIX, 11)).stream().map(j -> j.type().name()).toList();
        assertEquals(first, again);
        assertNotEquals(first, other);
        for (JobType type : MIX) {
            long share = first.stream().filter(type.name()::equals).count();
            assertTrue(share > 40 && share < 95, type.name() + " got " + share + " of 200 jobs");
        }
    }

    @Test
    void typeIsChosenAmongTypesWhoseMeasurementsReachTheRequest() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            rows.add("2017-10-09 07:00:00,100.0," + (i % 2 == 0 ? 8 : 64) + ",0,aa");
        }
        Set<String> eightGpuTypes = new HashSet<>();
        Set<String> hugeTypes = new HashSet<>();
        for (TraceJob job : PhillyTraceReader.load(file(rows.toArray(String[]::new)), MIX, 1)) {
            (job.requestedWorkers() == 8 ? eightGpuTypes : hugeTypes).add(job.type().name());
            // Twice the request or 16 within the type's limit, but never below what Philly gave the job.
            assertEquals(job.requestedWorkers() == 8 ? 16 : 64, job.maxWorkers(), job::toString);
        }
        assertEquals(Set.of("ps-model", "ar-model"), eightGpuTypes, "small-model only reaches 2 workers");
        assertEquals(Set.of("ps-model", "ar-model", "small-model"), hugeTypes, "no type reaches 64: all are used");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2017-13-09 07:00:00,60.0,1,60.0,aa | timestamp | 2017-13-09 07:00:00",
        "2017-10-09 07:00:00,sixty,1,60.0,aa | duration | sixty",
        "2017-10-09 07:00:00,-5.0,1,60.0,aa | duration | -5.0",
        "2017-10-09 07:00:00,60.0,0,60.0,aa | num_gpus | 0",
        "2017-10-09 07:00:00,60.0,1.5,60.0,aa | num_gpus | 1.5",
        "2017-10-09 07:00:00,60.0,1,60.0, | cluster | ''",
        "2017-10-09 07:00:00,60.0,1,60.0 | cluster | ''"})
    void malformedRowFailsNamingItsLineColumnAndValue(String row, String column, String value) throws IOException {
        Path file = file("2017-10-09 08:00:00,60.0,1,60.0,aa", "", row);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> PhillyTraceReader.load(file, MIX, 1));
        assertEquals(4, e.line(), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        if (!value.isEmpty()) {
            assertEquals(value, e.value(), e.getMessage());
        }
        assertTrue(e.getMessage().startsWith(file + ", line 4, column " + column), e.getMessage());
    }

    @Test
    void headerWithoutTheNeededColumnsIsRejected() throws IOException {
        Path file = dir.resolve("other.csv");
        Files.writeString(file, "time,duration,num_gpus\n2017-10-09 08:00:00,60.0,1\n");
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> PhillyTraceReader.load(file, MIX, 1));
        assertEquals("timestamp", e.column());
    }

    @Test
    void recommendedClusterHasPhillysRoughly2500Gpus() {
        assertEquals(2_504, PhillyTraceReader.recommendedCluster().total().gpus());
    }
}
