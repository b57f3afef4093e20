package io.yarndl.am.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchersTest {

    private final TrainingProgram program = new TrainingProgram("application_1_0001", "/usr/bin/python3", "train.py",
            List.of("--lr", "0.1"), "am-host", 29400, 1, 2, Map.of("USER_VAR", "x"));
    private final GenerationPlan plan = new GenerationPlan(3, List.of("s0"), List.of("w0", "w1"));
    private final GenerationPlan allReduce = new GenerationPlan(3, List.of(), List.of("w0", "w1"));

    @Test
    void torchrunRendezvousesOnTheAmStoreAsAClientWithTheGenerationsExactSize() {
        TrainerCommand c = new TorchElasticLauncher(program).command(allReduce, "w1");
        String argv = String.join(" ", c.argv());

        assertTrue(argv.startsWith("/usr/bin/python3 -m torch.distributed.run --nnodes 2:2 "), argv);
        assertTrue(argv.contains("--rdzv_backend c10d --rdzv_endpoint am-host:29400 --rdzv_id application_1_0001-g3"),
                argv);
        assertTrue(argv.contains("is_host=false"), argv);
        assertTrue(argv.contains("--redirects 2 --tee 2"), "torch 1.13 on Python 3.11 crashes with the defaults");
        assertTrue(argv.endsWith("train.py --lr 0.1"), argv);
        assertEquals("3", c.env().get("YARN_DL_GENERATION"));
        assertEquals("2", c.env().get("OMP_NUM_THREADS"));
        assertEquals("x", c.env().get("USER_VAR"));
    }

    @Test
    void torchrunRefusesAParameterServerMember() {
        assertThrows(IllegalArgumentException.class, () -> new TorchElasticLauncher(program).command(plan, "s0"));
    }

    @Test
    void parameterServerRanksPutServersFirstAndPointEveryoneAtTheAmStore() {
        var launcher = new TorchParameterServerLauncher(program);
        TrainerCommand server = launcher.command(plan, "s0");
        TrainerCommand worker = launcher.command(plan, "w1");

        assertEquals(List.of("/usr/bin/python3", "train.py", "--lr", "0.1"), worker.argv());
        assertEquals("0", server.env().get("RANK"));
        assertEquals("server", server.env().get("YARN_DL_ROLE"));
        assertEquals("2", worker.env().get("RANK"));
        assertEquals("1", worker.env().get("YARN_DL_ROLE_RANK"));
        assertEquals("3", worker.env().get("WORLD_SIZE"));
        assertEquals("am-host:29400", worker.env().get("YARN_DL_STORE"));
        assertEquals("1", worker.env().get("YARN_DL_NUM_SERVERS"));
        assertEquals("2", worker.env().get("YARN_DL_NUM_WORKERS"));
    }

    @Test
    void mxnetMembersGetTheDmlcContractAndTheSchedulerRunsInTheAm() {
        var launcher = new MxnetLauncher(program);
        Map<String, String> server = launcher.command(plan, "s0").env();
        Map<String, String> worker = launcher.command(plan, "w0").env();
        Map<String, String> scheduler = launcher.schedulerCommand(plan).env();

        assertEquals("server", server.get("DMLC_ROLE"));
        assertEquals("worker", worker.get("DMLC_ROLE"));
        assertEquals("scheduler", scheduler.get("DMLC_ROLE"));
        for (Map<String, String> env : List.of(server, worker, scheduler)) {
            assertEquals("am-host", env.get("DMLC_PS_ROOT_URI"));
            assertEquals("29400", env.get("DMLC_PS_ROOT_PORT"));
            assertEquals("1", env.get("DMLC_NUM_SERVER"));
            assertEquals("2", env.get("DMLC_NUM_WORKER"));
        }
    }
}
