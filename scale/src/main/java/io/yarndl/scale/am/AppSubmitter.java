package io.yarndl.scale.am;

import io.yarndl.scale.rm.ClusterShape;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.protocolrecords.GetNewApplicationRequest;
import org.apache.hadoop.yarn.api.protocolrecords.SubmitApplicationRequest;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.server.resourcemanager.ClientRMService;

/**
 * Submits applications through the RM's real {@link ClientRMService}, in process, as this process's
 * user: a new application id, then the submission context with the AM's container (1 vcore, 1 GB)
 * and environment. Admission (the DeepLearningScheduler's job-spec check among it) answers here.
 */
public final class AppSubmitter {

    private final ClientRMService client;

    public AppSubmitter(ClientRMService client) {
        this.client = client;
    }

    /** @return the new application's id */
    public ApplicationId submit(String name, String type, String queue, Map<String, String> environment)
            throws Exception {
        ApplicationId id = client.getNewApplication(GetNewApplicationRequest.newInstance()).getApplicationId();
        ContainerLaunchContext am = ContainerLaunchContext.newInstance(Map.of(), environment, List.of("true"),
                null, null, null);
        ApplicationSubmissionContext context = ApplicationSubmissionContext.newInstance(id, name, queue,
                Priority.newInstance(0), am, false, true, 1, ClusterShape.am(), type);
        client.submitApplication(SubmitApplicationRequest.newInstance(context));
        return id;
    }
}
