package io.yarndl.sim.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json} of the commands whose output is a set of markdown tables ({@code evaluate},
 * {@code papers}): one JSON object on stdout instead, for a program to read (the DL2 trainer reads
 * {@code evaluate}'s). Each command documents its object in its own help.
 */
public final class JsonOutputOption {

    @Option(names = "--json", description = "Print one JSON object instead of the tables.")
    boolean json;

    /** Whether the tables give way to one JSON object. */
    public boolean json() {
        return json;
    }
}
