package io.yarndl.sim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** What one command line of the simulator, run in-process, printed and returned. */
record CliRun(int status, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int status = cli.execute(args);
        return new CliRun(status, out.toString(), err.toString());
    }

    String all() {
        return out + err;
    }
}
