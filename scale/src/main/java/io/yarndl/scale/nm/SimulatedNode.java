package io.yarndl.scale.nm;

import io.yarndl.scale.rm.ClusterShape;
import io.yarndl.scale.run.HarnessMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodeHeartbeatRequest;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodeHeartbeatResponse;
import org.apache.hadoop.yarn.server.api.protocolrecords.RegisterNodeManagerRequest;
import org.apache.hadoop.yarn.server.api.protocolrecords.RegisterNodeManagerResponse;
import org.apache.hadoop.yarn.server.api.records.MasterKey;
import org.apache.hadoop.yarn.server.api.records.NodeAction;
import org.apache.hadoop.yarn.server.api.records.NodeHealthStatus;
import org.apache.hadoop.yarn.server.api.records.NodeStatus;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceTrackerService;
import org.apache.hadoop.yarn.util.YarnVersionInfo;

/**
 * One simulated NodeManager, talking to the RM's real {@link ResourceTrackerService} in process, as
 * Hadoop's own {@code MockNM} does: it registers with a node's resources ({@link ClusterShape}),
 * then heartbeats with the status of every container it runs. A container runs from when its
 * ApplicationMaster starts it ({@link #start}) until it exits ({@link #exit}) or the RM tells the
 * node to clean it up; each ended container is reported {@code COMPLETE} once. Heartbeats come from
 * one thread at a time (the fleet's timer); starts and exits from the AMs' threads.
 */
public final class SimulatedNode {

    private final NodeId id;
    private final ResourceTrackerService tracker;
    private final Map<ContainerId, ContainerStatus> running = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ContainerStatus> ended = new ConcurrentLinkedQueue<>();
    private MasterKey containerTokenKey;
    private MasterKey nmTokenKey;
    private int responseId;

    public SimulatedNode(NodeId id, ResourceTrackerService tracker) {
        this.id = id;
        this.tracker = tracker;
    }

    public NodeId id() {
        return id;
    }

    /** Registers with the RM; the RM's answer must be NORMAL. */
    public void register() throws Exception {
        RegisterNodeManagerRequest request = RegisterNodeManagerRequest.newInstance(id, 8042, ClusterShape.node(),
                YarnVersionInfo.getVersion(), List.of(), List.of());
        RegisterNodeManagerResponse response = tracker.registerNodeManager(request);
        if (response.getNodeAction() != NodeAction.NORMAL) {
            throw new IllegalStateException("the RM refused node " + id + ": " + response.getNodeAction()
                    + " " + response.getDiagnosticsMessage());
        }
        containerTokenKey = response.getContainerTokenMasterKey();
        nmTokenKey = response.getNMTokenMasterKey();
        responseId = 0;
    }

    /** One heartbeat: reports containers, takes the RM's cleanups; a RESYNC is answered by registering again. */
    public void heartbeat(HarnessMetrics metrics) {
        List<ContainerStatus> statuses = new ArrayList<>(running.values());
        for (ContainerStatus done; (done = ended.poll()) != null; ) {
            statuses.add(done);
        }
        NodeStatus status = NodeStatus.newInstance(id, responseId, statuses, List.<ApplicationId>of(),
                NodeHealthStatus.newInstance(true, "", System.currentTimeMillis()), null, null, null);
        NodeHeartbeatRequest request = NodeHeartbeatRequest.newInstance(status, containerTokenKey, nmTokenKey, null);
        long start = System.nanoTime();
        try {
            NodeHeartbeatResponse response = tracker.nodeHeartbeat(request);
            metrics.heartbeat(System.nanoTime() - start);
            if (response.getNodeAction() != NodeAction.NORMAL) {
                metrics.error("node " + id, new IllegalStateException("RM answered " + response.getNodeAction()
                        + " " + response.getDiagnosticsMessage()));
                register();
                return;
            }
            responseId = response.getResponseId();
            if (response.getContainerTokenMasterKey() != null) {
                containerTokenKey = response.getContainerTokenMasterKey();
            }
            if (response.getNMTokenMasterKey() != null) {
                nmTokenKey = response.getNMTokenMasterKey();
            }
            for (ContainerId cleanup : response.getContainersToCleanup()) {
                exit(cleanup, ContainerExitStatus.KILLED_BY_RESOURCEMANAGER);
            }
            for (ApplicationId app : response.getApplicationsToCleanup()) {
                for (ContainerId container : List.copyOf(running.keySet())) {
                    if (container.getApplicationAttemptId().getApplicationId().equals(app)) {
                        exit(container, ContainerExitStatus.KILLED_AFTER_APP_COMPLETION);
                    }
                }
            }
        } catch (Exception e) {
            metrics.error("heartbeat of node " + id, e);
        }
    }

    /** The container runs from now on (its AM started it). */
    public void start(ContainerId container) {
        running.put(container, ContainerStatus.newInstance(container, ContainerState.RUNNING, "", 0));
    }

    /** The container ended with {@code exitStatus}; reported at the next heartbeat, if it ran here. */
    public void exit(ContainerId container, int exitStatus) {
        if (running.remove(container) != null) {
            ended.add(ContainerStatus.newInstance(container, ContainerState.COMPLETE, "", exitStatus));
        }
    }

    /** Containers running here now. */
    public int runningContainers() {
        return running.size();
    }
}
