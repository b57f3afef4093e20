package io.yarndl.demo.cluster;

import io.yarndl.demo.cluster.DlClusterOptions.ResourceManagers;
import java.io.IOException;
import org.apache.hadoop.ha.HAServiceProtocol;
import org.apache.hadoop.ha.HAServiceProtocol.HAServiceState;
import org.apache.hadoop.ha.HAServiceProtocol.RequestSource;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;

/**
 * What a test does to a {@link DlMiniCluster}'s ResourceManagers while applications run: restart
 * the one RM of a {@link ResourceManagers#RESTARTABLE} cluster, or fail an
 * {@link ResourceManagers#HA_PAIR} over, each returning once every NodeManager has registered with
 * the RM that now serves; and the wait for NodeManagers that starting a cluster needs as well.
 * Each operation refuses a cluster started with another setup, naming the one it needs.
 */
final class ResourceManagerControl {

    private static final long NODE_REGISTRATION_TIMEOUT_MS = 30_000;

    private final MiniYARNCluster yarn;
    private final ResourceManagers setup;

    ResourceManagerControl(MiniYARNCluster yarn, ResourceManagers setup) {
        this.yarn = yarn;
        this.setup = setup;
    }

    /** Waits until every NodeManager of {@code yarn} has registered with {@code rm}, named in the error. */
    static void awaitNodeManagers(MiniYARNCluster yarn, String rm) throws InterruptedException, YarnException {
        if (!yarn.waitForNodeManagersToConnect(NODE_REGISTRATION_TIMEOUT_MS)) {
            throw new IllegalStateException("the NodeManagers did not register with " + rm + " within "
                    + NODE_REGISTRATION_TIMEOUT_MS + " ms");
        }
    }

    /** See {@link DlMiniCluster#activeResourceManagerId()}. */
    String activeResourceManagerId() {
        requireSetup(ResourceManagers.HA_PAIR, "activeResourceManagerId");
        return RecoverableRmConfig.HA_IDS.get(activeIndex());
    }

    /** See {@link DlMiniCluster#restartResourceManager(Runnable)}. */
    void restart(Runnable whileStopped) throws InterruptedException, YarnException {
        requireSetup(ResourceManagers.RESTARTABLE, "restartResourceManager");
        yarn.stopResourceManager(0);
        whileStopped.run();
        yarn.restartResourceManager(0);
        awaitNodeManagers(yarn, "the restarted ResourceManager");
    }

    /** See {@link DlMiniCluster#failover()}. */
    void failover() throws IOException, InterruptedException, YarnException {
        requireSetup(ResourceManagers.HA_PAIR, "failover");
        int from = activeIndex();
        int to = 1 - from;
        HAServiceProtocol.StateChangeRequestInfo byOperator =
                new HAServiceProtocol.StateChangeRequestInfo(RequestSource.REQUEST_BY_USER_FORCED);
        yarn.getResourceManager(from).getRMContext().getRMAdminService().transitionToStandby(byOperator);
        yarn.getResourceManager(to).getRMContext().getRMAdminService().transitionToActive(byOperator);
        awaitNodeManagers(yarn, RecoverableRmConfig.HA_IDS.get(to) + " after the failover");
    }

    private int activeIndex() {
        for (int i = 0; i < yarn.getNumOfResourceManager(); i++) {
            ResourceManager rm = yarn.getResourceManager(i);
            if (rm != null && rm.getRMContext().getHAServiceState() == HAServiceState.ACTIVE) {
                return i;
            }
        }
        throw new IllegalStateException("no ResourceManager is active");
    }

    private void requireSetup(ResourceManagers needed, String operation) {
        if (setup != needed) {
            throw new IllegalStateException(operation + " needs a cluster started with ResourceManagers." + needed
                    + ", this one has " + setup);
        }
    }
}
