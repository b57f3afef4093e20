package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ZKUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void kerberosLoginIsTheRmsOwnFromHadoopsZkKeys(@TempDir Path dir) throws Exception {
        Path keytab = Files.writeString(dir.resolve("rm.keytab"), "not parsed here");
        Configuration conf = SettingsFixtures.minimal();
        conf.set("hadoop.zk.kerberos.principal", "rm/_HOST@EXAMPLE.COM");
        conf.set("hadoop.zk.kerberos.keytab", keytab.toString());
        conf.set("hadoop.zk.server.principal", "zookeeper");

        ZooKeeperLogin login = SchedulerSettings.from(conf, KNOWN).zkLogin();

        assertEquals(new ZooKeeperLogin(Optional.of("rm/_HOST@EXAMPLE.COM"), Optional.of(keytab.toString()),
                Optional.of("zookeeper")), login);
        assertTrue(login.configured());
        assertTrue(SchedulerSettings.from(conf, KNOWN).describe().contains("hadoop.zk.kerberos.principal=rm/_HOST@EXAMPLE.COM"));
    }

    @Test
    void noKerberosKeysMeansNoLoginOfItsOwn() {
        assertEquals(ZooKeeperLogin.NONE, SchedulerSettings.from(SettingsFixtures.minimal(), KNOWN).zkLogin());
        assertFalse(ZooKeeperLogin.NONE.configured());
    }

    @Test
    void aPrincipalWithoutItsKeytabNamesTheMissingKey() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set("hadoop.zk.kerberos.principal", "rm/_HOST@EXAMPLE.COM");

        InvalidSettingException error = assertThrows(InvalidSettingException.class,
                () -> SchedulerSettings.from(conf, KNOWN));

        assertTrue(error.getMessage().startsWith("hadoop.zk.kerberos.keytab is not set, but hadoop.zk.kerberos.principal is"),
                error.getMessage());
    }

    @Test
    void anUnreadableKeytabStopsTheStartNamingTheKey(@TempDir Path dir) {
        Configuration conf = SettingsFixtures.minimal();
        conf.set("hadoop.zk.kerberos.principal", "rm/_HOST@EXAMPLE.COM");
        conf.set("hadoop.zk.kerberos.keytab", dir.resolve("missing.keytab").toString());

        InvalidSettingException error = assertThrows(InvalidSettingException.class,
                () -> SchedulerSettings.from(conf, KNOWN));

        assertTrue(error.getMessage().contains("hadoop.zk.kerberos.keytab") && error.getMessage().contains("missing.keytab")
                && error.getMessage().contains("is not a readable file"), error.getMessage());
    }
}
