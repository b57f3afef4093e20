package io.yarndl.am.launch;

import java.util.Map;

/** The yarn-dl variables every parameter-server job's process gets, whatever its framework. */
final class ParameterServerEnv {

    private ParameterServerEnv() {
    }

    static Map<String, String> of(GenerationPlan plan, String containerId) {
        return Map.of(
                "YARN_DL_GENERATION", Integer.toString(plan.generation()),
                "YARN_DL_ROLE", plan.roleOf(containerId).envValue(),
                "YARN_DL_ROLE_RANK", Integer.toString(plan.roleRank(containerId)),
                "YARN_DL_NUM_WORKERS", Integer.toString(plan.workers().size()),
                "YARN_DL_NUM_SERVERS", Integer.toString(plan.servers().size()));
    }
}
