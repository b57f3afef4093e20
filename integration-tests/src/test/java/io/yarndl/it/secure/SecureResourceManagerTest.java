package io.yarndl.it.secure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.Poll;
import io.yarndl.it.web.RmHttp;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.web.DlWebServices;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.util.ZKUtil;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * yarn-dl's scheduler inside a ResourceManager in secure mode (Kerberos, SPNEGO on the web port,
 * a SASL ZooKeeper; {@link SecureClusterExtension}): it starts with its settings read as usual and
 * plans rounds; its REST endpoints and page sit behind the RM's own SPNEGO filter, like the RM's
 * {@code /ws/v1/cluster/info}: no Kerberos credentials (and no {@code ?user.name=}, which only simple
 * authentication believes) get 401, a Kerberos user reads; the admin-only policy switch is decided
 * by the caller's Kerberos identity against {@code yarn.admin.acl}: bob gets 403, alice switches;
 * the scheduler logs in to ZooKeeper as the RM (SASL), so its nodes carry {@code sasl:rm} and a
 * client that did not log in is refused every write.
 */
class SecureResourceManagerTest {

    private static final String POLICY = "/ws/v1/cluster/dl/policy";
    private static final String JOBS = "/ws/v1/cluster/dl/jobs";
    private static final String PLAN = "/ws/v1/cluster/dl/plan";
    private static final String PAGE = "/ws/v1/cluster/dl/ui";
    private static final String CLUSTER_INFO = "/ws/v1/cluster/info";
    private static final String CONFIGURED_POLICY = "optimus";
    /** What docs/secure-deployment.md has operators set: only the RM writes, anyone reads. */
    private static final String ZK_ACL = "sasl:rm:cdrwa,world:anyone:r";

    @RegisterExtension
    static final SecureClusterExtension CLUSTER = SecureClusterExtension.of(conf -> {
        conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
        conf.set(SchedulerSettings.POLICY, CONFIGURED_POLICY);
        conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        conf.set(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS, DlWebServices.class.getName());
        conf.set(SchedulerSettings.ZK_ACL, ZK_ACL);
    });

    private static RmHttp anonymous;
    private static SpnegoHttp alice;
    private static SpnegoHttp bob;

    @BeforeAll
    static void connect() throws Exception {
        String base = WebAppUtils.getRMWebAppURLWithScheme(CLUSTER.get().yarnConf());
        anonymous = new RmHttp(base);
        alice = SpnegoHttp.as(base, CLUSTER.realm(), TestRealm.ADMIN);
        bob = SpnegoHttp.as(base, CLUSTER.realm(), TestRealm.USER);
    }

    /** Each test starts from the configured policy, whatever the one before it switched to. */
    @AfterEach
    void backToTheConfiguredPolicy() throws Exception {
        if (CONFIGURED_POLICY.equals(alice.get(POLICY).json().get("policy").asText())) {
            return;
        }
        RmHttp.Answer back = alice.put(POLICY, "{\"policy\":\"" + CONFIGURED_POLICY + "\"}");
        assertEquals(200, back.status(), back.toString());
    }

    @Test
    void startsInSecureModeAndPlansRounds() throws Exception {
        assertTrue(UserGroupInformation.isSecurityEnabled(), "the cluster runs with Kerberos authentication");
        assertEquals(CLUSTER.realm().principal(TestRealm.RM), UserGroupInformation.getLoginUser().getUserName());
        CLUSTER.get().activeScheduler();

        Poll.until("two rounds in the secure RM", Duration.ofSeconds(30), () -> {
            RmHttp.Answer plan = alice.get(PLAN);
            assertEquals(200, plan.status(), plan.toString());
            return plan.json().get("rounds").asLong() >= 2;
        });
        assertEquals(CONFIGURED_POLICY, alice.get(PLAN).json().get("policy").asText());
    }

    @Test
    void refusesRestCallsWithoutKerberosCredentials() throws Exception {
        for (String path : new String[] {JOBS, PLAN, POLICY, PAGE, JOBS + "?user.name=" + TestRealm.ADMIN,
                CLUSTER_INFO}) {
            RmHttp.Answer refused = anonymous.get(path);
            assertEquals(401, refused.status(), path + ": " + refused);
        }
        RmHttp.Answer put = anonymous.put(POLICY, TestRealm.ADMIN, "{\"policy\":\"drf\"}");
        assertEquals(401, put.status(), put.toString());
        assertEquals(CONFIGURED_POLICY, alice.get(POLICY).json().get("policy").asText());
    }

    @Test
    void servesAKerberosUserThroughTheSameFilterAsTheRmsOwnRest() throws Exception {
        RmHttp.Answer jobs = bob.get(JOBS);
        RmHttp.Answer page = bob.get(PAGE);
        RmHttp.Answer info = bob.get(CLUSTER_INFO);

        assertEquals(200, jobs.status(), jobs.toString());
        assertEquals(CONFIGURED_POLICY, jobs.json().get("policy").asText(), jobs.toString());
        assertTrue(jobs.json().get("jobs").isArray(), jobs.toString());
        assertEquals(200, page.status(), page.toString());
        assertTrue(page.contentType().startsWith("text/html"), page.toString());
        assertEquals(200, info.status(), info.toString());
        assertEquals("STARTED", info.json().path("clusterInfo").path("state").asText(), info.toString());
    }

    @Test
    void refusesTheNonAdminsPolicySwitchByHisKerberosName() throws Exception {
        RmHttp.Answer refused = bob.put(POLICY, "{\"policy\":\"drf\"}");

        assertEquals(403, refused.status(), refused.toString());
        String message = refused.json().get("message").asText();
        assertTrue(message.contains("user " + TestRealm.USER) && message.contains("not a YARN admin"), message);
        assertEquals(CONFIGURED_POLICY, alice.get(POLICY).json().get("policy").asText());
    }

    @Test
    void switchesThePolicyForTheAdminByHerKerberosName() throws Exception {
        RmHttp.Answer switched = alice.put(POLICY, "{\"policy\":\"drf\"}");

        assertEquals(200, switched.status(), switched.toString());
        assertEquals(CONFIGURED_POLICY, switched.json().get("previous").asText());
        assertEquals(TestRealm.ADMIN, switched.json().get("by").asText(), "the short name, as the RM's audit log: "
                + switched);
        assertEquals("drf", alice.get(POLICY).json().get("policy").asText());
    }

    @Test
    void keepsItsZooKeeperNodesWritableOnlyByTheRm() throws Exception {
        CuratorFramework unauthenticated = CLUSTER.get().curator();
        String root = DlMiniCluster.ZK_ROOT;
        Poll.until("the scheduler's nodes under " + root, Duration.ofSeconds(30),
                () -> unauthenticated.checkExists().forPath(root + "/gpu-types") != null);

        List<ACL> expected = ZKUtil.parseACLs(ZK_ACL);
        for (String path : tree(unauthenticated, root)) {
            assertEquals(Set.copyOf(expected), Set.copyOf(unauthenticated.getACL().forPath(path)), path);
        }
        byte[] forged = "forged".getBytes(StandardCharsets.UTF_8);
        assertThrows(KeeperException.NoAuthException.class, () -> unauthenticated.setData().forPath(root, forged));
        assertThrows(KeeperException.NoAuthException.class,
                () -> unauthenticated.create().forPath(root + "/jobs/application_1_0001", forged));
        assertThrows(KeeperException.NoAuthException.class,
                () -> unauthenticated.delete().forPath(root + "/gpu-types"));
    }

    /** {@code path} and every node below it. */
    private static List<String> tree(CuratorFramework zk, String path) throws Exception {
        List<String> nodes = new ArrayList<>(List.of(path));
        for (String child : zk.getChildren().forPath(path)) {
            nodes.addAll(tree(zk, path + "/" + child));
        }
        return nodes;
    }
}
