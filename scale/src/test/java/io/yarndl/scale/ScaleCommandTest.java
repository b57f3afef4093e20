package io.yarndl.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.scale.run.Scenario;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ScaleCommandTest {

    private static ScaleCommand parsed(String... args) {
        ScaleCommand command = new ScaleCommand();
        new CommandLine(command).parseArgs(args);
        return command;
    }

    @Test
    void runsEverySizeAndJobCountUnderEachSchedulerYarnDlFirst() {
        List<Scenario> scenarios = parsed("--nodes", "100,300", "--jobs", "500").scenarios();
        assertEquals(4, scenarios.size());
        assertEquals(SchedulerKind.YARN_DL, scenarios.get(0).scheduler());
        assertEquals(SchedulerKind.CAPACITY, scenarios.get(1).scheduler());
        assertEquals(300, scenarios.get(2).nodes());
        assertEquals(500, scenarios.get(3).dlJobs());
        assertEquals(1000, scenarios.get(0).heartbeatMs());
    }

    @Test
    void namesTheKnownSchedulersWhenGivenAnUnknownOne() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> parsed("--schedulers", "fair").scenarios());
        assertEquals("unknown scheduler 'fair'; known: yarn-dl, capacity", e.getMessage());
    }

    @Test
    void refusesANonPositiveClusterNamingWhatIsWrong() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> parsed("--nodes", "0").scenarios());
        assertEquals("nodes must be positive, got 0", e.getMessage());
    }

    @Test
    void helpNamesEveryKnob() {
        StringWriter help = new StringWriter();
        new CommandLine(new ScaleCommand()).setOut(new PrintWriter(help)).execute("--help");
        for (String option : List.of("--nodes", "--jobs", "--batch-apps", "--warmup", "--duration", "--schedulers",
                "--policy", "--heartbeat-ms", "--out")) {
            assertTrue(help.toString().contains(option), option + " missing from --help:\n" + help);
        }
    }
}
