package io.yarndl.yarn.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.contract.cluster.NodeGpuTypesCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler publishes the nodes' GPU types where every AM may read them, and writes again only
 * when they change.
 */
class NodeGpuTypesPublisherTest {

    private static final String ROOT = "/yarn-dl";
    private static final NodeGpuTypes TWO_TYPES = new NodeGpuTypes(Map.of("gpu-host-1:8041", "V100", "gpu-host-2:8041", "K80"));

    private TestingServer server;
    private CuratorFramework client;

    @BeforeEach
    void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        client = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .retryPolicy(new RetryNTimes(0, 0)).build();
        client.start();
        client.blockUntilConnected();
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        client.close();
        server.close();
    }

    @Test
    void writesTheTypesOnceAndAgainOnlyWhenTheyChange() throws Exception {
        NodeGpuTypesPublisher publisher = new NodeGpuTypesPublisher(client, ROOT, ZKUtil.parseACLs("world:anyone:rwcda"));

        publisher.publish(TWO_TYPES);
        awaitWritten(publisher, TWO_TYPES);
        assertEquals(TWO_TYPES, new NodeGpuTypesCodec().fromJson(read("/yarn-dl/gpu-types")));
        publisher.publish(new NodeGpuTypes(Map.of("gpu-host-2:8041", "K80", "gpu-host-1:8041", "V100")));
        publisher.publish(TWO_TYPES);
        assertEquals(0, version(), "the same types again: no write");

        NodeGpuTypes oneLeft = new NodeGpuTypes(Map.of("gpu-host-1:8041", "V100"));
        publisher.publish(oneLeft);
        awaitWritten(publisher, oneLeft);
        assertEquals(1, version());
        assertEquals(oneLeft, new NodeGpuTypesCodec().fromJson(read("/yarn-dl/gpu-types")));
    }

    @Test
    void aRestrictiveSchedulerAclStillLetsEveryoneRead() throws Exception {
        List<ACL> schedulerAcl = ZKUtil.parseACLs("digest:rm:aGFzaA==:rwcda");

        List<ACL> acl = NodeGpuTypesPublisher.readableByAll(schedulerAcl);

        assertEquals(2, acl.size());
        assertTrue(acl.contains(new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE)), acl.toString());
        assertEquals(ZKUtil.parseACLs("world:anyone:rwcda"),
                NodeGpuTypesPublisher.readableByAll(ZKUtil.parseACLs("world:anyone:rwcda")), "world reads already");
    }

    @Test
    void nothingIsWrittenWhileZooKeeperIsDownAndTheTypesAreWrittenOnceItIsBack() throws Exception {
        NodeGpuTypesPublisher publisher = new NodeGpuTypesPublisher(client, ROOT, ZKUtil.parseACLs("world:anyone:rwcda"));
        server.stop();
        long deadline = System.currentTimeMillis() + 10_000;
        while (client.getZookeeperClient().isConnected() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }

        publisher.publish(TWO_TYPES);
        assertNull(publisher.written());

        server.restart();
        client.blockUntilConnected();
        publisher.publish(TWO_TYPES);
        awaitWritten(publisher, TWO_TYPES);
    }

    private static void awaitWritten(NodeGpuTypesPublisher publisher, NodeGpuTypes types) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!types.equals(publisher.written()) && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(types, publisher.written());
    }

    private String read(String path) throws Exception {
        return new String(client.getData().forPath(path), StandardCharsets.UTF_8);
    }

    private int version() throws Exception {
        Stat stat = client.checkExists().forPath("/yarn-dl/gpu-types");
        return stat.getVersion();
    }
}
