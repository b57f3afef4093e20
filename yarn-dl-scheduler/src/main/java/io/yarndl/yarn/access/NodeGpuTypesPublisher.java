package io.yarndl.yarn.access;

import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.contract.cluster.NodeGpuTypesCodec;
import io.yarndl.contract.records.JobRecordPaths;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the GPU type of each node, as the round read it, in {@code <root>/gpu-types}
 * ({@link NodeGpuTypesCodec}), where every job's ApplicationMaster reads the type of the nodes its
 * workers run on and tags its progress samples with it. The scheduler is the one place that knows
 * a node's type from all three sources (node attribute, the operator's mapping, the partition);
 * an AM could read node attributes itself only through the RM's client protocol, which it may not
 * be allowed to call, and would not see the mapping.
 *
 * <p>Written only when the types changed since the last successful write (and once when the
 * scheduler starts, replacing what an earlier one left), so ZooKeeper sees a write when a node with
 * a type joins, leaves or changes type, not every round. The node gets the scheduler's ACL plus
 * read for everyone: a node's GPU type is no secret ({@code yarn node -list -showDetails} shows its
 * attributes to any user) and an AM reads it with its application's identity.
 *
 * <p><b>Threads and connection loss.</b> {@link #publish} is called from the round's thread and
 * never waits on ZooKeeper: the write runs in the background, one at a time. A write that fails
 * (ZooKeeper unreachable, the node refused) is logged and tried again with the next round's types;
 * until then AMs read the previous types, or none.
 */
public final class NodeGpuTypesPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(NodeGpuTypesPublisher.class);

    private final CuratorFramework client;
    private final String path;
    private final List<ACL> acl;
    private final NodeGpuTypesCodec codec = new NodeGpuTypesCodec();
    private final AtomicBoolean writing = new AtomicBoolean();
    /** What ZooKeeper holds now as far as this scheduler knows; null before its first write. */
    private volatile NodeGpuTypes written;
    private volatile boolean warned;

    /**
     * @param client       the scheduler's client ({@link SchedulerZooKeeper#client})
     * @param root         yarn-dl's ZooKeeper root
     * @param schedulerAcl the scheduler's ACL, to which read for everyone is added
     */
    public NodeGpuTypesPublisher(CuratorFramework client, String root, List<ACL> schedulerAcl) {
        this.client = Objects.requireNonNull(client, "client");
        this.path = new JobRecordPaths(root).gpuTypes();
        this.acl = readableByAll(schedulerAcl);
    }

    /** {@code acl} with read for world added where no world entry grants it. */
    static List<ACL> readableByAll(List<ACL> acl) {
        List<ACL> result = new ArrayList<>(acl);
        boolean worldReads = acl.stream().anyMatch(entry -> ZooDefs.Ids.ANYONE_ID_UNSAFE.equals(entry.getId())
                && (entry.getPerms() & ZooDefs.Perms.READ) != 0);
        if (!worldReads) {
            result.add(new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE));
        }
        return result;
    }

    /** Starts writing {@code types} unless ZooKeeper already holds them or a write is under way. */
    public void publish(NodeGpuTypes types) {
        Objects.requireNonNull(types, "types");
        if (types.equals(written) || !client.getZookeeperClient().isConnected() || !writing.compareAndSet(false, true)) {
            return;
        }
        byte[] data = codec.toJson(types).getBytes(StandardCharsets.UTF_8);
        try {
            client.create().orSetData().creatingParentsIfNeeded().withACL(acl)
                    .inBackground((c, event) -> written(types, event))
                    .forPath(path, data);
        } catch (Exception notStarted) {
            writing.set(false);
            LOG.debug("cannot start writing {}: {}", path, notStarted.toString());
        }
    }

    /** The types ZooKeeper holds as far as this scheduler knows; null before its first successful write. */
    public NodeGpuTypes written() {
        return written;
    }

    /** The path written, {@code <root>/gpu-types}. */
    public String path() {
        return path;
    }

    private void written(NodeGpuTypes types, CuratorEvent event) {
        try {
            KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
            if (code == KeeperException.Code.OK) {
                written = types;
                LOG.info("published the GPU types of {} node(s) in {}", types.byNode().size(), path);
            } else if (!warned) {
                warned = true;
                LOG.warn("could not write {} ({}); AMs tag no samples with new nodes' GPU types until it is written"
                        + " (retried every round, further failures at DEBUG)", path, code);
            } else {
                LOG.debug("could not write {} ({})", path, code);
            }
        } finally {
            writing.set(false);
        }
    }
}
