package io.yarndl.yarn.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.Principal;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.security.AdminACLsManager;
import org.junit.jupiter.api.Test;

class AdminCheckTest {

    /** The RM's own admin ACL manager, on yarn.admin.acl = alice (ACLs not even enabled). */
    private final AdminCheck check = new AdminCheck("dr.who", caller -> admins("alice").isAdmin(caller));

    @Test
    void letsAYarnAdminSwitch() {
        AdminCheck.Decision decision = check.check(principal("alice"));

        assertTrue(decision.allowed());
        assertEquals("alice", decision.user());
    }

    @Test
    void refusesAUserWhoIsNotAnAdmin() {
        AdminCheck.Decision decision = check.check(principal("bob"));

        assertFalse(decision.allowed());
        assertTrue(decision.refusal().contains("user bob is not a YARN admin"), decision.refusal());
    }

    @Test
    void refusesACallerWithoutAUser() {
        assertFalse(check.check(null).allowed());
        assertTrue(check.check(null).refusal().contains("?user.name="));
    }

    @Test
    void refusesTheAnonymousWebUserEvenWhenEveryoneIsAnAdmin() {
        AdminCheck everyone = new AdminCheck("dr.who", caller -> admins("*").isAdmin(caller));

        assertFalse(everyone.check(principal("dr.who")).allowed());
        assertTrue(everyone.check(principal("carol")).allowed());
    }

    private static AdminACLsManager admins(String acl) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.YARN_ADMIN_ACL, acl);
        return new AdminACLsManager(conf);
    }

    private static Principal principal(String name) {
        return () -> name;
    }
}
