package io.yarndl.am.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MXNet parameter-server jobs through the DMLC environment contract (ps-lite): every process gets
 * {@code DMLC_ROLE}, {@code DMLC_PS_ROOT_URI}/{@code DMLC_PS_ROOT_PORT} (the ps-lite scheduler, which
 * the AM hosts: {@link #schedulerCommand}), {@code DMLC_NUM_SERVER} and {@code DMLC_NUM_WORKER}.
 *
 * <p>Untested against real MXNet: MXNet is retired and no registry this project can reach ships it.
 * What is tested is the environment each member gets.
 */
public final class MxnetLauncher implements TrainerLauncher {

    private final TrainingProgram program;

    public MxnetLauncher(TrainingProgram program) {
        this.program = program;
    }

    @Override
    public TrainerCommand command(GenerationPlan plan, String containerId) {
        List<String> argv = new ArrayList<>(List.of(program.python(), program.script()));
        argv.addAll(program.scriptArgs());
        Map<String, String> env = new HashMap<>(program.extraEnv());
        env.putAll(ParameterServerEnv.of(plan, containerId));
        env.putAll(dmlc(plan, plan.roleOf(containerId) == Role.SERVER ? "server" : "worker"));
        env.put("OMP_NUM_THREADS", Integer.toString(program.threadsPerProc()));
        return new TrainerCommand(argv, env);
    }

    /**
     * The ps-lite scheduler of a generation, run by the AM itself (it must outlive any member): the
     * same script with {@code DMLC_ROLE=scheduler}, which MXNet turns into the scheduler on import.
     */
    public TrainerCommand schedulerCommand(GenerationPlan plan) {
        List<String> argv = new ArrayList<>(List.of(program.python(), program.script()));
        argv.addAll(program.scriptArgs());
        Map<String, String> env = new HashMap<>(program.extraEnv());
        env.putAll(dmlc(plan, "scheduler"));
        return new TrainerCommand(argv, env);
    }

    private Map<String, String> dmlc(GenerationPlan plan, String role) {
        return Map.of(
                "DMLC_ROLE", role,
                "DMLC_PS_ROOT_URI", program.storeHost(),
                "DMLC_PS_ROOT_PORT", Integer.toString(program.storePort()),
                "DMLC_NUM_SERVER", Integer.toString(plan.servers().size()),
                "DMLC_NUM_WORKER", Integer.toString(plan.workers().size()));
    }
}
