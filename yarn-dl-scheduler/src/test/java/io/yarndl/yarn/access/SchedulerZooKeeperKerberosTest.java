package io.yarndl.yarn.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.yarn.config.SchedulerSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler in a secure cluster reaches ZooKeeper as the RM's state store does: it logs in with
 * the RM's {@code hadoop.zk.kerberos.*} keys, and the nodes it makes carry {@code sasl:rm}, so an
 * unauthenticated client can read what the ACL lets it but write nothing.
 */
class SchedulerZooKeeperKerberosTest {

    private static final String ROOT = "/secure-yarn-dl";

    @TempDir
    static Path workDir;

    private static KerberizedZooKeeper zooKeeper;
    private static CuratorFramework scheduler;
    private static CuratorFramework anonymous;

    @BeforeAll
    static void startKdcZooKeeperAndScheduler() throws Exception {
        zooKeeper = new KerberizedZooKeeper(workDir, "rm/localhost");
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.ZK_ADDRESS, zooKeeper.connectString());
        conf.set(SchedulerSettings.ZK_ROOT, ROOT);
        conf.set(SchedulerSettings.HADOOP_ZK_ACL, "sasl:rm:cdrwa,world:anyone:r");
        conf.set("hadoop.zk.kerberos.principal", zooKeeper.principal("rm/localhost"));
        conf.set("hadoop.zk.kerberos.keytab", zooKeeper.keytab().getAbsolutePath());
        conf.set("hadoop.zk.server.principal", "zookeeper");
        scheduler = SchedulerZooKeeper.client(SchedulerSettings.from(conf));
        scheduler.start();
        scheduler.blockUntilConnected();
        anonymous = CuratorFrameworkFactory.newClient(zooKeeper.connectString(), new RetryNTimes(1, 100));
        anonymous.start();
        anonymous.blockUntilConnected();
    }

    @AfterAll
    static void stop() throws Exception {
        if (anonymous != null) {
            anonymous.close();
        }
        if (scheduler != null) {
            scheduler.close();
        }
        if (zooKeeper != null) {
            zooKeeper.close();
        }
    }

    @Test
    void theSchedulerLogsInAsTheRmAndWritesNodesThatCarryItsSaslAcl() throws Exception {
        String path = ROOT + "/written-by-rm";
        scheduler.create().creatingParentsIfNeeded().forPath(path, bytes("first"));
        scheduler.setData().forPath(path, bytes("second")); // only sasl:rm may write it

        List<ACL> expected = ZKUtil.parseACLs("sasl:rm:cdrwa,world:anyone:r");
        assertEquals(expected, scheduler.getACL().forPath(ROOT), "the parent made on the way carries it too");
        assertEquals(expected, scheduler.getACL().forPath(path));
        assertEquals("second", new String(anonymous.getData().forPath(path), StandardCharsets.UTF_8));
    }

    @Test
    void anUnauthenticatedClientIsRefusedEveryWrite() throws Exception {
        String path = ROOT + "/guarded";
        scheduler.create().creatingParentsIfNeeded().forPath(path, bytes("rm's"));

        assertThrows(KeeperException.NoAuthException.class, () -> anonymous.setData().forPath(path, bytes("forged")));
        assertThrows(KeeperException.NoAuthException.class, () -> anonymous.create().forPath(path + "/child"));
        assertThrows(KeeperException.NoAuthException.class, () -> anonymous.delete().forPath(path));
        assertEquals("rm's", new String(scheduler.getData().forPath(path), StandardCharsets.UTF_8));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
