package io.yarndl.scale;

import io.yarndl.scale.report.ScaleCharts;
import io.yarndl.scale.report.ScaleCsv;
import io.yarndl.scale.run.RunResult;
import io.yarndl.scale.run.ScaleRun;
import io.yarndl.scale.run.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.curator.test.TestingServer;

/**
 * Runs scenarios one after another against one real ZooKeeper (in process), and writes their CSVs
 * and charts to an output folder. What {@code bin/yarn-dl scale} and the smoke test call.
 */
public final class ScaleHarness {

    private ScaleHarness() {
    }

    /**
     * @param done told of each run as it ends (the command prints progress)
     * @return the runs' figures, in the scenarios' order
     */
    public static List<RunResult> run(List<Scenario> scenarios, Path out, Consumer<RunResult> done) throws Exception {
        Files.createDirectories(out);
        List<RunResult> results = new ArrayList<>();
        try (TestingServer zooKeeper = new TestingServer(true)) {
            for (Scenario scenario : scenarios) {
                RunResult result = ScaleRun.run(scenario, zooKeeper.getConnectString(), results.size());
                results.add(result);
                done.accept(result);
            }
        }
        ScaleCsv.write(out, results);
        ScaleCharts.write(out, results);
        return results;
    }
}
