package io.yarndl.am.launch;

/**
 * How one framework starts the training processes of a generation. Pure: it only builds commands;
 * the agents in the containers run them.
 */
public interface TrainerLauncher {

    /** The command member {@code containerId} runs in generation {@code plan}. */
    TrainerCommand command(GenerationPlan plan, String containerId);
}
