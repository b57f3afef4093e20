package io.yarndl.am.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parameter-server PyTorch jobs (torch.distributed.rpc): one process per container, servers and
 * workers alike, started directly (no torchrun: RPC has no elastic agent). Ranks: servers first.
 * The script calls {@code yarn_dl.init_rpc(name)}, which rendezvouses on the AM-hosted store
 * ({@code YARN_DL_STORE}) under the generation's prefix, so no member that may be preempted hosts it.
 */
public final class TorchParameterServerLauncher implements TrainerLauncher {

    private final TrainingProgram program;

    public TorchParameterServerLauncher(TrainingProgram program) {
        this.program = program;
    }

    @Override
    public TrainerCommand command(GenerationPlan plan, String containerId) {
        List<String> argv = new ArrayList<>(List.of(program.python(), program.script()));
        argv.addAll(program.scriptArgs());
        Map<String, String> env = new HashMap<>(program.extraEnv());
        env.putAll(ParameterServerEnv.of(plan, containerId));
        env.put("RANK", Integer.toString(plan.globalRank(containerId)));
        env.put("WORLD_SIZE", Integer.toString(plan.worldSize()));
        env.put("YARN_DL_STORE", program.storeEndpoint());
        env.put("OMP_NUM_THREADS", Integer.toString(program.threadsPerProc()));
        return new TrainerCommand(argv, env);
    }
}
