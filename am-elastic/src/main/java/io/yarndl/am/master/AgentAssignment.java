package io.yarndl.am.master;

import io.yarndl.am.launch.TrainerCommand;

/**
 * What one container's agent should be doing now (the answer to {@code GET /v1/assignment}).
 *
 * @param generation the generation it belongs to (0 before the first)
 * @param state      run the command, wait, or exit
 * @param command    what to run; null unless {@code state} is RUN
 */
public record AgentAssignment(int generation, State state, TrainerCommand command) {

    public enum State { WAIT, RUN, EXIT }

    static AgentAssignment waiting(int generation) {
        return new AgentAssignment(generation, State.WAIT, null);
    }

    static AgentAssignment exit(int generation) {
        return new AgentAssignment(generation, State.EXIT, null);
    }
}
