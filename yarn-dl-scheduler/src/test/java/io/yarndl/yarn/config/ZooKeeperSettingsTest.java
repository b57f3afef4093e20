package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ZKUtil;
import org.junit.jupiter.api.Test;

/** Where the scheduler's ZooKeeper settings come from: its own keys, else the RM's, else Hadoop's. */
class ZooKeeperSettingsTest {

    private static final Set<String> KNOWN = SettingsFixtures.KNOWN;

    @Test
    void zkAddressFallsBackToHadoopZkAddress() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, " zk-a:2181,zk-b:2181 ");

        assertEquals("zk-a:2181,zk-b:2181", SchedulerSettings.from(conf, KNOWN).zkAddress());
    }

    @Test
    void zkAddressPrefersTheRmKeyOverHadoopsLikeTheRmDoes() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "common:2181");
        conf.set(SchedulerSettings.RM_ZK_ADDRESS, "rm:2181");

        assertEquals("rm:2181", SchedulerSettings.from(conf, KNOWN).zkAddress());
    }

    @Test
    void ownZkAddressWinsOverTheRms() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "common:2181");
        conf.set(SchedulerSettings.RM_ZK_ADDRESS, "rm:2181");
        conf.set(SchedulerSettings.ZK_ADDRESS, "dl:2181");

        assertEquals("dl:2181", SchedulerSettings.from(conf, KNOWN).zkAddress());
    }

    @Test
    void blankZkAddressMeansUseTheRms() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.ZK_ADDRESS, "  ");

        assertEquals("zk1:2181", SchedulerSettings.from(conf, KNOWN).zkAddress());
    }

    @Test
    void missingZkAddressEverywhereNamesEveryKey() {
        InvalidSettingException error = assertThrows(InvalidSettingException.class,
                () -> SchedulerSettings.from(new Configuration(false), KNOWN));

        assertEquals("yarn.dl.scheduler.zk-address is not set, and neither is yarn.resourcemanager.zk-address"
                + " nor hadoop.zk.address; set one of them to a ZooKeeper connect string such as"
                + " zk1:2181,zk2:2181,zk3:2181", error.getMessage());
        assertEquals(SchedulerSettings.ZK_ADDRESS, error.key());
        assertNull(error.value());
    }

    @Test
    void zkAclAndAuthBorrowTheRmsOwnAndTheAuthSecretNeverReachesTheLog() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.HADOOP_ZK_ACL, "digest:rm:abc=:rwcda");
        conf.set(SchedulerSettings.HADOOP_ZK_AUTH, "digest:rm:topsecret");

        SchedulerSettings settings = SchedulerSettings.from(conf, KNOWN);

        assertEquals(ZKUtil.parseACLs("digest:rm:abc=:rwcda"), settings.zkAcl());
        assertEquals("digest", settings.zkAuth().get(0).getScheme());
        assertFalse(settings.describe().contains("topsecret"), settings.describe());
    }

    @Test
    void zkAclDefaultsToHadoopsOpenAcl() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");

        SchedulerSettings settings = SchedulerSettings.from(conf, KNOWN);

        assertEquals("world:anyone:rwcda", settings.describeAcl());
        assertTrue(settings.zkAuth().isEmpty());
        assertFalse(settings.appSecretRequired());
    }

    @Test
    void badAclNamesTheKeyAndTheFormat() {
        InvalidSettingException error = SettingsFixtures.rejected(SchedulerSettings.ZK_ACL, "world:anyone");

        SettingsFixtures.assertNames(error, SchedulerSettings.ZK_ACL, "world:anyone", "scheme:id:perms");
    }

    @Test
    void badAuthNamesTheKeyButNotTheValue() {
        InvalidSettingException error = SettingsFixtures.rejected(SchedulerSettings.ZK_AUTH, "nocolonsecret");

        assertTrue(error.getMessage().contains(SchedulerSettings.ZK_AUTH), error.getMessage());
        assertFalse(error.getMessage().contains("nocolonsecret"), error.getMessage());
    }
}
