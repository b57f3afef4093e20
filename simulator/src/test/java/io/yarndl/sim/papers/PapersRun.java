package io.yarndl.sim.papers;

import io.yarndl.sim.cli.SimulatorCli;
import io.yarndl.sim.workload.RepoData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** What one {@code yarn-dl papers} (or other) command line, run in-process on the repository's data, printed and returned. */
record PapersRun(int status, String out, String err) {

    /** {@code papers} on the repository's data folders with {@code args}. */
    static PapersRun papers(String... args) {
        List<String> all = new ArrayList<>(List.of("papers", "--pollux-data", RepoData.dir().resolve("pollux").toString(),
                "--sia-data", RepoData.dir().resolve("sia").toString()));
        all.addAll(List.of(args));
        return of(all.toArray(String[]::new));
    }

    static PapersRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int status = cli.execute(args);
        return new PapersRun(status, out.toString(), err.toString());
    }

    String all() {
        return out + err;
    }
}
