package io.yarndl.contract.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.ZooDefs.Perms;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.Test;

class JobNodeAclTest {

    private static final String APP = "application_1700000000000_0001";
    private static final String SECRET = "s3cret";

    private static List<ACL> acl(String conf) {
        return ZKUtil.parseACLs(conf);
    }

    private static ACL appFullAccess() throws Exception {
        return new ACL(Perms.ALL, new Id("digest", DigestAuthenticationProvider.generateDigest(APP + ":" + SECRET)));
    }

    @Test
    void cutsWorldToReadAndAddsTheApplicationWhenTheSchedulerHasCredentials() throws Exception {
        JobNodeAcl jobAcl = new JobNodeAcl(acl("world:anyone:rwcda,sasl:rm:rwcda"), true);
        assertEquals(List.of(new ACL(Perms.READ, new Id("world", "anyone")), new ACL(Perms.ALL, new Id("sasl", "rm")),
                appFullAccess()), jobAcl.forJob(APP, Optional.of(SECRET)));
    }

    @Test
    void worldKeepsDeleteWhenTheSchedulerIsAnonymous() throws Exception {
        JobNodeAcl jobAcl = new JobNodeAcl(acl("world:anyone:rwcda"), false);
        assertEquals(List.of(new ACL(Perms.READ | Perms.DELETE, new Id("world", "anyone")), appFullAccess()),
                jobAcl.forJob(APP, Optional.of(SECRET)));
    }

    @Test
    void dropsAWorldEntryLeftWithNoPermission() throws Exception {
        JobNodeAcl jobAcl = new JobNodeAcl(acl("world:anyone:c,digest:yarn-dl:abc=:rwcda"), true);
        List<ACL> forJob = jobAcl.forJob(APP, Optional.of(SECRET));
        assertEquals(List.of(new ACL(Perms.ALL, new Id("digest", "yarn-dl:abc=")), appFullAccess()), forJob);
    }

    @Test
    void jobWithoutSecretGetsTheSchedulersAcl() {
        List<ACL> scheduler = acl("world:anyone:rwcda");
        assertEquals(scheduler, new JobNodeAcl(scheduler, true).forJob(APP, Optional.empty()));
    }

    @Test
    void knowsWhetherAnIdentityBesidesWorldMayDelete() {
        assertFalse(new JobNodeAcl(acl("world:anyone:rwcda"), true).grantsDeleteToAnIdentity());
        assertFalse(new JobNodeAcl(acl("world:anyone:r,sasl:rm:rw"), true).grantsDeleteToAnIdentity());
        assertTrue(new JobNodeAcl(acl("world:anyone:r,sasl:rm:rwcda"), true).grantsDeleteToAnIdentity());
    }

    @Test
    void describesAnAclAsAConfigurationFileWritesIt() {
        assertEquals("world:anyone:r,sasl:rm:rwcda", JobNodeAcl.describe(acl("world:anyone:r,sasl:rm:cdrwa")));
    }

    @Test
    void anAclReadWithoutAdminRightMatchesDespiteItsRedactedDigests() throws Exception {
        List<ACL> expected = new JobNodeAcl(acl("world:anyone:rwcda"), true).forJob(APP, Optional.of(SECRET));
        List<ACL> redacted = List.of(new ACL(Perms.ALL, new Id("digest", APP + ":x")),
                new ACL(Perms.READ, new Id("world", "anyone")));
        assertTrue(JobNodeAcl.same(redacted, expected));
        assertTrue(JobNodeAcl.same(List.of(expected.get(1), expected.get(0)), expected));
        assertFalse(JobNodeAcl.same(List.of(new ACL(Perms.ALL, new Id("digest", "other:x")),
                new ACL(Perms.READ, new Id("world", "anyone"))), expected));
        assertFalse(JobNodeAcl.same(acl("world:anyone:rwcda"), expected));
    }

    @Test
    void refusesAnEmptySchedulerAcl() {
        assertThrows(IllegalArgumentException.class, () -> new JobNodeAcl(List.of(), false));
    }

    @Test
    void credentialsDigestIsZooKeepersAndTheirTextHidesTheSecret() throws Exception {
        AppZkCredentials credentials = new AppZkCredentials(APP, SECRET);
        assertEquals(appFullAccess(), credentials.fullAccess());
        assertEquals(APP + ":" + SECRET, new String(credentials.authBytes(), StandardCharsets.UTF_8));
        assertFalse(credentials.toString().contains(SECRET));
        assertThrows(IllegalArgumentException.class, () -> new AppZkCredentials("app:1", SECRET));
        assertThrows(IllegalArgumentException.class, () -> new AppZkCredentials(APP, ""));
    }
}
