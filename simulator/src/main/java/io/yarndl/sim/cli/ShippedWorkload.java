package io.yarndl.sim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * The workload {@code yarn-dl sim} replays when no {@code --trace} is given: the 120-job synthetic
 * trace that the README's figures come from, read from the jar so that it works from any folder.
 * Its source is {@code simulator/src/main/resources/workloads/synthetic-120.csv}.
 */
final class ShippedWorkload {

    static final String NAME = "synthetic-120";
    private static final String RESOURCE = "/workloads/" + NAME + ".csv";

    private ShippedWorkload() {
    }

    static Reader open() throws IOException {
        InputStream in = ShippedWorkload.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException("the shipped workload " + RESOURCE + " is missing from the simulator jar");
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }
}
