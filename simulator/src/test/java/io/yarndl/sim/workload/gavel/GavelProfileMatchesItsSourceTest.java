package io.yarndl.sim.workload.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.yarndl.sim.workload.RepoData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The isolated throughputs scheduler-core ships for policies' priors
 * ({@code io/yarndl/core/throughput/gavel-throughputs.csv}) are exactly those of Gavel's
 * {@code simulation_throughputs.json} that the simulator takes as ground truth: every row equals
 * the JSON's "null" value, and there is one row per consolidated (GPU type, job type) entry; and
 * so are its co-located speeds ({@code gavel-colocated-throughputs.csv}), the first of each
 * {@code [self, other]} pair.
 */
class GavelProfileMatchesItsSourceTest {

    private static final String PROFILE = "/io/yarndl/core/throughput/gavel-throughputs.csv";

    @Test
    void everyShippedRowEqualsTheJsonsIsolatedValueAndTheCountsMatch() throws IOException {
        GavelThroughputs json = GavelThroughputsReader.read(RepoData.dir().resolve("gavel/simulation_throughputs.json"));
        List<String> rows = profileRows();

        for (String row : rows) {
            String[] cells = row.split(",");
            assertEquals(4, cells.length, row);
            GavelJobKey key = new GavelJobKey(cells[0], Integer.parseInt(cells[1]));
            assertEquals(json.isolated(key, cells[2]), Double.parseDouble(cells[3]), 0.0, row);
        }
        long entries = json.byGpuType().values().stream().mapToLong(jobs -> jobs.size()).sum();
        assertEquals(entries, rows.size());
        assertEquals(3 * 83, rows.size());
    }

    @Test
    void everyShippedColocatedRowEqualsTheJsonsPairAndTheCountsMatch() throws IOException {
        GavelThroughputs json = GavelThroughputsReader.read(RepoData.dir().resolve("gavel/simulation_throughputs.json"));
        List<String> rows = rows(COLOCATED, "family,other_family,scale_factor,gpu_type,steps_per_second");

        for (String row : rows) {
            String[] cells = row.split(",");
            assertEquals(5, cells.length, row);
            int scaleFactor = Integer.parseInt(cells[2]);
            GavelJobKey key = new GavelJobKey(cells[0], scaleFactor);
            GavelJobKey other = new GavelJobKey(cells[1], scaleFactor);
            GavelThroughputs.ColocatedPair pair = json.byGpuType().get(cells[3]).get(key).colocated().get(other);
            assertNotNull(pair, row);
            assertEquals(pair.self(), Double.parseDouble(cells[4]), 0.0, row);
        }
        long entries = json.byGpuType().values().stream()
                .flatMap(jobs -> jobs.values().stream()).mapToLong(m -> m.colocated().size()).sum();
        assertEquals(entries, rows.size());
    }

    private static final String COLOCATED = "/io/yarndl/core/throughput/gavel-colocated-throughputs.csv";

    private static List<String> profileRows() throws IOException {
        return rows(PROFILE, "family,scale_factor,gpu_type,steps_per_second");
    }

    private static List<String> rows(String resource, String header) throws IOException {
        try (InputStream in = GavelProfileMatchesItsSourceTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is not on the classpath: build scheduler-core first");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<String> lines = reader.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
            assertEquals(header, lines.get(0));
            return lines.subList(1, lines.size());
        }
    }
}
