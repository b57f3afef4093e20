package io.yarndl.it.support;

import io.yarndl.core.policy.JobPlan;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.yarn.DeepLearningScheduler;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainerState;

/** Where a job's containers run in a live ResourceManager, and where the scheduler's plan puts it. */
public final class LiveContainers {

    private LiveContainers() {
    }

    /** The nodes of the job's running worker containers (not its AM), as the scheduler holds them, sorted. */
    public static List<String> workerNodes(DlMiniCluster cluster, ApplicationId application) {
        DeepLearningScheduler scheduler = cluster.activeScheduler();
        RMApp app = cluster.resourceManager().getRMContext().getRMApps().get(application);
        if (app == null || app.getCurrentAppAttempt() == null) {
            return List.of();
        }
        var attempt = scheduler.getApplicationAttempt(app.getCurrentAppAttempt().getAppAttemptId());
        if (attempt == null) {
            return List.of();
        }
        return attempt.getLiveContainers().stream()
                .filter(container -> !container.isAMContainer() && container.getState() == RMContainerState.RUNNING)
                .map(container -> scheduler.getNode(container.getAllocatedNode()).getNodeName())
                .sorted().toList();
    }

    /** The nodes the plan in force puts the job on; empty where it does not run it. */
    public static Set<String> plannedNodes(DlMiniCluster cluster, ApplicationId application) {
        JobPlan plan = cluster.activeScheduler().planBook().current().jobs().get(application.toString());
        return plan == null ? Set.of() : plan.placement().byNode().keySet();
    }
}
