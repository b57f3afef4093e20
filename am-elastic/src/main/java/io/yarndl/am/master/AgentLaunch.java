package io.yarndl.am.master;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.job.TrainingGoal;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.URL;

/**
 * The launch context of a worker or server container: the job's files localised beside it, the
 * environment of PROTOCOL.md (with the job's batch, {@link BatchEnv}), the {@link WorkerCredentials}
 * (the AM's {@link ControlToken} and the job's delegation tokens), and the agent
 * ({@code python3 -m yarn_dl.agent}) as its command. The agent then runs whatever each
 * generation's assignment says.
 */
final class AgentLaunch {

    private final ElasticJobConfig config;
    private final Map<String, LocalResource> resources;
    private final Map<String, String> baseEnv;
    private final ByteBuffer credentials;

    /**
     * @param config        the job's AM config (files, interpreter)
     * @param amUrl         {@code http://host:port} of the control server
     * @param applicationId the application
     * @param checkpointUri the checkpoint directory as the helper reads it
     * @param user          the user WebHDFS requests run as
     * @param job           the job's description: its goal and batch, told to the script
     * @param credentials   the container's {@link WorkerCredentials}
     */
    AgentLaunch(ElasticJobConfig config, String amUrl, String applicationId, String checkpointUri, String user,
                JobDescription job, ByteBuffer credentials) {
        this.config = config;
        this.credentials = credentials;
        this.resources = localResources(config.files());
        Map<String, String> env = new HashMap<>();
        env.put("YARN_DL_AM_URL", amUrl);
        env.put("YARN_DL_APP_ID", applicationId);
        env.put("YARN_DL_CHECKPOINT_DIR", checkpointUri);
        env.put("YARN_DL_HDFS_USER", user);
        env.put("PYTHONPATH", ApplicationConstants.Environment.PWD.$$() + "/" + ElasticJobConfig.AM_JAR + "/python");
        env.put("PYTHONUNBUFFERED", "1");
        TrainingGoal goal = job.goal();
        if (goal instanceof TrainingGoal.TargetLoss loss) {
            env.put("YARN_DL_TARGET_LOSS", Double.toString(loss.loss()));
        } else if (goal instanceof TrainingGoal.FixedSteps steps) {
            env.put("YARN_DL_TOTAL_STEPS", Long.toString(steps.totalSteps()));
        }
        if (config.epochs() > 0) {
            env.put("YARN_DL_EPOCHS", Integer.toString(config.epochs()));
        }
        env.putAll(BatchEnv.of(job, config.procsPerWorker()));
        this.baseEnv = Map.copyOf(env);
    }

    ContainerLaunchContext contextFor(String containerId) {
        Map<String, String> env = new HashMap<>(baseEnv);
        env.put("YARN_DL_CONTAINER_ID", containerId);
        String logs = ApplicationConstants.LOG_DIR_EXPANSION_VAR;
        String command = "exec " + config.python() + " -m yarn_dl.agent 1>" + logs + "/agent.out 2>" + logs
                + "/agent.err";
        // A buffer of its own per context: the NM client reads it, which moves its position.
        return ContainerLaunchContext.newInstance(resources, env, List.of(command), null, credentials.duplicate(),
                null);
    }

    private static Map<String, LocalResource> localResources(List<ShippedFile> files) {
        Map<String, LocalResource> out = new HashMap<>();
        for (ShippedFile f : files) {
            out.put(f.name(), LocalResource.newInstance(URL.fromURI(URI.create(f.uri())),
                    f.archive() ? LocalResourceType.ARCHIVE : LocalResourceType.FILE,
                    LocalResourceVisibility.APPLICATION, f.size(), f.timestamp()));
        }
        return Map.copyOf(out);
    }
}
