package io.yarndl.am.launch;

import java.util.List;
import java.util.Map;

/**
 * What an agent runs for one generation: the command and the environment added to its container's.
 *
 * @param argv the command, first the program
 * @param env  variables added to the container's environment
 */
public record TrainerCommand(List<String> argv, Map<String, String> env) {

    public TrainerCommand {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a trainer command needs a program");
        }
    }
}
