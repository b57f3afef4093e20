package io.yarndl.am.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * All-reduce PyTorch jobs: one {@code torchrun} elastic agent per worker container, rendezvousing
 * with c10d on the store the AM hosts. Each generation is its own rendezvous run
 * ({@code <applicationId>-g<generation>}) of exactly the generation's size, because the AM, not
 * torchrun, decides sizes: the rendezvous completes the moment the last member joins instead of
 * waiting out a last-call window, and a member that vanishes is handled by the AM starting the next
 * generation, not by torchrun's keep-alive expiry (about 13 s in torch 1.13).
 *
 * <p>Flags that matter on Python 3.11 with torch 1.13 (seen on this project's machines):
 * {@code --redirects 2 --tee 2} (the defaults crash in {@code to_map}; this pair keeps the workers' stderr in the log directory and shows it to the agent, whose tail of it becomes the failure diagnostic), {@code is_host=false} (every
 * NodeManager may be on the AM's host; without it an agent there would try to host the store
 * itself), {@code --max_restarts 0} (a failed worker ends the agent so the AM can decide).
 */
public final class TorchElasticLauncher implements TrainerLauncher {

    private final TrainingProgram program;

    public TorchElasticLauncher(TrainingProgram program) {
        this.program = program;
    }

    @Override
    public TrainerCommand command(GenerationPlan plan, String containerId) {
        if (plan.roleOf(containerId) != Role.WORKER) {
            throw new IllegalArgumentException("an all-reduce job has no parameter servers: " + containerId);
        }
        int nodes = plan.workers().size();
        List<String> argv = new ArrayList<>(List.of(program.python(), "-m", "torch.distributed.run",
                "--nnodes", nodes + ":" + nodes,
                "--nproc_per_node", Integer.toString(program.procsPerWorker()),
                "--rdzv_backend", "c10d",
                "--rdzv_endpoint", program.storeEndpoint(),
                "--rdzv_id", program.applicationId() + "-g" + plan.generation(),
                "--rdzv_conf", "is_host=false,last_call_timeout=1,join_timeout=300",
                "--max_restarts", "0",
                "--monitor_interval", "1",
                "--redirects", "2", "--tee", "2",
                "--log_dir", "torchrun-g" + plan.generation(),
                program.script()));
        argv.addAll(program.scriptArgs());
        Map<String, String> env = new HashMap<>(program.extraEnv());
        env.put("YARN_DL_GENERATION", Integer.toString(plan.generation()));
        env.put("YARN_DL_ROLE", Role.WORKER.envValue());
        env.put("YARN_DL_ROLE_RANK", Integer.toString(plan.roleRank(containerId)));
        env.put("YARN_DL_NUM_WORKERS", Integer.toString(nodes));
        env.put("YARN_DL_NUM_SERVERS", "0");
        env.put("OMP_NUM_THREADS", Integer.toString(program.threadsPerProc()));
        return new TrainerCommand(argv, env);
    }
}
