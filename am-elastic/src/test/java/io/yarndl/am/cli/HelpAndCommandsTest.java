package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.util.Records;
import org.junit.jupiter.api.Test;

class HelpAndCommandsTest {

    @Test
    void submitHelpShowsOptionGroupsDefaultsAndAnExample() {
        CliFixture.Result result = CliFixture.run(List.of("submit", "--help"));
        assertEquals(0, result.exitCode());
        String help = result.out();
        for (String heading : List.of("Job:", "Resources (per container):", "Goal (exactly one of", "Batch size (",
                "Script:", "Checkpointing and failures:", "Advanced:", "Example:")) {
            assertTrue(help.contains(heading), () -> "no '" + heading + "' in\n" + help);
        }
        assertTrue(help.contains("yarn jar yarn-dl-am.jar submit --name resnet50"), help);
        assertTrue(help.contains("(default: 4g)"), help);
        assertTrue(help.contains("(default: 30s)"), help);
        assertTrue(help.contains("pytorch, mxnet"), help);
        assertTrue(!help.contains("--am-extra-classpath"), "hidden option shown:\n" + help);
        assertTrue(help.contains("--keep-staging"), help);
        assertTrue(help.contains("--model-family=FAMILY") || help.contains("--model-family FAMILY"), help);
        for (String batch : List.of("--min-batch-size=B", "--max-batch-size=B", "--max-local-batch-size=B")) {
            assertTrue(help.contains(batch), () -> "no " + batch + " in\n" + help);
        }
        // picocli wraps long words at dots: join the lines before looking for the RM's key
        assertTrue(help.contains("--max-am-attempts")
                && help.replaceAll("\\R\\s+", "").contains("yarn.resourcemanager.am.max-attempts caps it"), help);
    }

    @Test
    void submitHelpSaysWhatATrainingScriptMustDo() {
        String help = CliFixture.run(List.of("submit", "--help")).out();
        for (String must : List.of("import yarn_dl", "yarn_dl.load_checkpoint()", "yarn_dl.report(",
                "yarn_dl.resize_coming()", "yarn_dl.save_checkpoint(", "yarn_dl.wait_for_resize()",
                "examples/ddp_cnn.py", "yarn_dl.batch_plan(", "GradientNoiseScale")) {
            assertTrue(help.contains(must), () -> "no '" + must + "' in\n" + help);
        }
    }

    @Test
    void topLevelHelpListsTheCommandsAndAnExample() {
        CliFixture.Result result = CliFixture.run(List.of("--help"));
        assertEquals(0, result.exitCode());
        for (String word : List.of("submit", "status", "kill", "list", "Example:")) {
            assertTrue(result.out().contains(word), result.out());
        }
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : List.of("status", "kill", "list")) {
            CliFixture.Result result = CliFixture.run(List.of(command, "--help"));
            assertEquals(0, result.exitCode(), command);
            assertTrue(result.out().contains("Usage:") && result.out().contains("Example:"), result.out());
        }
    }

    @Test
    void printsVersion() {
        CliFixture.Result result = CliFixture.run(List.of("--version"));
        assertEquals(0, result.exitCode());
        assertTrue(result.out().startsWith("yarn-dl-am "), result.out());
        assertTrue(result.out().contains("Hadoop "), result.out());
    }

    @Test
    void noCommandIsAUsageError() {
        assertEquals(YarnDlJob.EXIT_USAGE, CliFixture.run(List.of()).exitCode());
        assertEquals(YarnDlJob.EXIT_USAGE, CliFixture.run(List.of("resize")).exitCode());
    }

    @Test
    void statusAndKillRejectABadApplicationIdBeforeConnecting() {
        for (String command : List.of("status", "kill")) {
            CliFixture.Result result = CliFixture.run(List.of(command, "app_42"));
            assertEquals(YarnDlJob.EXIT_USAGE, result.exitCode(), result.err());
            assertTrue(result.err().contains("'app_42' is not an application id"), result.err());
        }
        assertEquals(YarnDlJob.EXIT_USAGE, CliFixture.run(List.of("status")).exitCode());
    }

    @Test
    void prettyPrintsJsonAndLeavesOtherBodiesAlone() {
        assertEquals("{\n  \"generation\" : 3\n}", AmStatusClient.pretty("{\"generation\":3}").replace("\r", ""));
        assertEquals("<html>", AmStatusClient.pretty("<html>"));
    }

    @Test
    void listShowsOneRowPerApplication() {
        ApplicationReport report = Records.newRecord(ApplicationReport.class);
        report.setApplicationId(ApplicationId.newInstance(1700000000000L, 3));
        report.setName("mnist");
        report.setQueue("dl");
        report.setYarnApplicationState(YarnApplicationState.FINISHED);
        report.setFinalApplicationStatus(FinalApplicationStatus.SUCCEEDED);
        report.setProgress(1f);
        report.setTrackingUrl("http://rm:8088/proxy/application_1700000000000_0003/");
        String[] lines = JobTable.of(List.of(report)).split(System.lineSeparator());
        assertEquals(2, lines.length);
        assertTrue(lines[0].startsWith("APPLICATION"), lines[0]);
        assertTrue(lines[1].matches("application_1700000000000_0003\\s+mnist\\s+dl\\s+FINISHED/SUCCEEDED\\s+100%\\s+"
                + "http://rm:8088/proxy/application_1700000000000_0003/"), lines[1]);
    }
}
