package io.yarndl.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/yarn-dl demo}'s command line, without starting a cluster: its help, its defaults, and
 * refusals that name the option and what it accepts. (The demo itself is the elastic PyTorch path
 * that {@code ElasticPyTorchJobTest} covers; it is run by hand, see the README.)
 */
class YarnDlDemoOptionsTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return YarnDlDemo.commandLine(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute(args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpListsEveryOptionAndThePolicies() {
        assertEquals(0, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        for (String option : new String[] {"--policy", "--epochs", "--second-epochs", "--steps-per-epoch",
            "--step-seconds", "--web-port", "--refresh", "--keep-running", "--python", "Ctrl-C"}) {
            assertTrue(help.contains(option), option + " missing from the help:\n" + help);
        }
        // The list wraps over lines: compared with its line breaks as spaces.
        assertTrue(help.replaceAll("\\s+", " ").contains("dl2, drf, fifo, gavel-fifo, gavel-fifo-perf, gavel-finish-time-fairness, gavel-finish-time-fairness-perf, gavel-max-min-fairness, gavel-max-min-fairness-perf, gavel-max-sum-throughput-perf, gavel-min-total-duration, gavel-min-total-duration-perf, optimus"), help);
        assertTrue(help.contains("(default: optimus)"), help);
    }

    @Test
    void defaultsMakeTheDocumentedDemo() {
        DemoSettings settings = YarnDlDemo.parse();
        assertEquals(new DemoSettings("optimus", 10, 3, 40, 0.2, 8088, Duration.ofSeconds(2), false,
                Path.of("/usr/bin/python3")), settings);
    }

    @Test
    void optionsAreTakenAsGiven() {
        DemoSettings settings = YarnDlDemo.parse("--policy", "drf", "--epochs", "3", "--second-epochs", "1",
                "--steps-per-epoch", "10", "--step-seconds", "0", "--web-port", "8090", "--refresh", "5",
                "--keep-running", "--python", "/opt/py/bin/python3");
        assertEquals(new DemoSettings("drf", 3, 1, 10, 0.0, 8090, Duration.ofSeconds(5), true,
                Path.of("/opt/py/bin/python3")), settings);
    }

    @Test
    void unknownPolicyIsRefusedNamingTheOptionAndTheAllowedNames() {
        assertEquals(YarnDlDemo.EXIT_USAGE, run("--policy", "sjf"));
        assertTrue(err().contains("--policy: unknown policy 'sjf'; allowed: dl2, drf, fifo, gavel-fifo, gavel-fifo-perf, gavel-finish-time-fairness, gavel-finish-time-fairness-perf, gavel-max-min-fairness, gavel-max-min-fairness-perf, gavel-max-sum-throughput-perf, gavel-min-total-duration, gavel-min-total-duration-perf, optimus"), err());
        assertTrue(err().contains("bin/yarn-dl demo --help"), err());
    }

    @Test
    void epochsBelowOneAreRefused() {
        assertEquals(YarnDlDemo.EXIT_USAGE, run("--second-epochs", "0"));
        assertTrue(err().contains("--second-epochs must be at least 1, was 0"), err());
    }

    @Test
    void webPortOutsideTheTcpRangeIsRefused() {
        assertEquals(YarnDlDemo.EXIT_USAGE, run("--web-port", "70000"));
        assertTrue(err().contains("--web-port must be a TCP port, 1 to 65535, was 70000"), err());
    }

    @Test
    void stepSecondsOutOfRangeAreRefused() {
        assertEquals(YarnDlDemo.EXIT_USAGE, run("--step-seconds", "-1"));
        assertTrue(err().contains("--step-seconds must be between 0 and 10, was -1.0"), err());
    }

    @Test
    void aNumberThatIsNotOneNamesTheOption() {
        assertEquals(YarnDlDemo.EXIT_USAGE, run("--epochs", "many"));
        assertTrue(err().contains("--epochs"), err());
        assertTrue(err().contains("'many' is not an int"), err());
    }

    @Test
    void anUnknownOptionIsRefusedWithASuggestion() {
        assertEquals(YarnDlDemo.EXIT_USAGE, run("--epoch", "3"));
        assertTrue(err().contains("Unknown options: '--epoch'"), err());
        assertTrue(err().contains("Possible solutions: --epochs"), err());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("Starting"), "nothing may start");
    }
}
