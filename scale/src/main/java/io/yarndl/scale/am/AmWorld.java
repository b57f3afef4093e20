package io.yarndl.scale.am;

import io.yarndl.scale.nm.NodeFleet;
import io.yarndl.scale.run.HarnessMetrics;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.curator.framework.CuratorFramework;
import org.apache.hadoop.yarn.server.resourcemanager.ApplicationMasterService;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;

/**
 * What every simulated ApplicationMaster of a run shares: the RM's services, the NodeManagers that
 * run its containers, the harness's metrics, and the ZooKeeper sessions DL jobs publish through
 * (a few shared sessions: ZooKeeper's load is the writes, not the sessions) and the threads that
 * write through them ({@link RecordWrites}).
 *
 * @param elastic            whether DL jobs are sized by yarn-dl (ask for their maximum) or get what
 *                           they ask for (ask for their requested size)
 * @param progressIntervalMs how often a DL job writes its batch of progress samples (the elastic AM's
 *                           {@code --progress-interval}, 5 s by default)
 */
public record AmWorld(RMContext context, ApplicationMasterService masters, AppSubmitter submitter, NodeFleet fleet,
                      HarnessMetrics metrics, List<CuratorFramework> zooKeeper, Executor zkWriters, String zkConnect,
                      String zkRoot, boolean elastic, long progressIntervalMs) {

    /** The ZooKeeper session of the {@code n}-th job. */
    CuratorFramework session(int n) {
        return zooKeeper.get(Math.floorMod(n, zooKeeper.size()));
    }
}
