package io.yarndl.yarn;

import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.Restarts;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.NodeReading;
import io.yarndl.yarn.round.TaskRole;
import io.yarndl.yarn.round.YarnResources;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerApplication;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gathers what a round needs about each admitted deep-learning application from the scheduler's
 * own state and from ZooKeeper: its spec (the AM's ZooKeeper record, else what it declared at
 * submission), its worker and PS containers and its progress samples. A round takes the containers
 * from the node readings its snapshot is built from ({@link NodeReading}), so the two agree; the
 * attempt's own live containers serve {@code allocate()} and the shrink enforcer. Reads without the
 * scheduler's lock: a container that comes or goes after the nodes were read is seen by the next round.
 */
final class RmJobCollector {

    private static final Logger LOG = LoggerFactory.getLogger(RmJobCollector.class);

    private final DeepLearningScheduler scheduler;
    private final Set<String> badSpecsLogged = ConcurrentHashMap.newKeySet();

    RmJobCollector(DeepLearningScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** @param tasksByAttempt the task containers on the round's node readings ({@link NodeReading#tasksByAttempt}) */
    List<DlJobState> collect(Collection<DlApplication> applications, Optional<JobRecordWatcher> records,
                             Map<String, List<HeldTask>> tasksByAttempt) {
        Map<org.apache.hadoop.yarn.api.records.ApplicationId, SchedulerApplication<FiCaSchedulerApp>> running =
                scheduler.getSchedulerApplications();
        List<DlJobState> jobs = new ArrayList<>(applications.size());
        for (DlApplication app : applications) {
            SchedulerApplication<FiCaSchedulerApp> scheduled = running.get(app.id());
            FiCaSchedulerApp attempt = scheduled == null ? null : scheduled.getCurrentAppAttempt();
            if (attempt == null || attempt.isStopped()) {
                continue;
            }
            String id = app.id().toString();
            JobDescription description = records.flatMap(r -> r.description(id)).orElse(app.declared());
            JobSpec spec;
            try {
                spec = description.toSpec(id, app.user(), app.queuePath());
            } catch (IllegalArgumentException invalid) {
                if (badSpecsLogged.add(id)) {
                    LOG.warn("{}: its job description is not a valid job, leaving it out of planning: {}", id,
                            invalid.getMessage());
                }
                continue;
            }
            List<HeldTask> tasks = tasksByAttempt.getOrDefault(attempt.getApplicationAttemptId().toString(), List.of());
            jobs.add(new DlJobState(spec, app.submitMillis() / 1000.0, tasks,
                    records.map(r -> r.samples(id)).orElse(List.of()),
                    records.map(r -> r.restarts(id)).orElse(Restarts.NONE)));
        }
        return jobs;
    }

    /** The attempt's worker and PS containers that hold resources now. */
    List<HeldTask> tasksOf(FiCaSchedulerApp attempt) {
        List<HeldTask> tasks = new ArrayList<>();
        for (RMContainer container : heldContainers(attempt)) {
            String node = nodeName(container);
            if (node != null) {
                tasks.add(new HeldTask(container.getContainerId().toString(), node, roleOf(container),
                        YarnResources.toCore(container.getAllocatedResource())));
            }
        }
        return tasks;
    }

    /** Worker and PS containers of the attempt that still hold resources (not its AM's). */
    List<RMContainer> heldContainers(FiCaSchedulerApp attempt) {
        List<RMContainer> held = new ArrayList<>();
        for (RMContainer container : attempt.getLiveContainers()) {
            if (!container.isAMContainer() && !NodeReading.isOver(container.getState())) {
                held.add(container);
            }
        }
        return held;
    }

    String nodeName(RMContainer container) {
        return nodeName(container.getAllocatedNode());
    }

    /** The scheduler's name of a node; null when it is gone. */
    String nodeName(NodeId id) {
        FiCaSchedulerNode node = scheduler.getSchedulerNode(id);
        return node == null ? null : node.getNodeName();
    }

    static TaskRole roleOf(RMContainer container) {
        return TaskRole.ofPriority(container.getAllocatedSchedulerKey().getPriority().getPriority());
    }
}
