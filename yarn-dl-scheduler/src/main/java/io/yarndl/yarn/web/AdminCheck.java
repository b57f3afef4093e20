package io.yarndl.yarn.web;

import java.security.Principal;
import java.util.function.Predicate;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Who may switch the scheduling policy: YARN admins ({@code yarn.admin.acl}) only, told apart as
 * RMWebServices tells them: the caller is the request's principal, set by the RM's authentication
 * filter (simple {@code ?user.name=} or Kerberos/SPNEGO, see README), and the RM's
 * {@code ApplicationACLsManager.isAdmin} decides. Stricter than RMWebServices in two ways, because
 * a policy switch changes every DL job's size: the admin ACL is checked even when
 * {@code yarn.acl.enable} is false, and the static web user ({@code hadoop.http.staticuser.user},
 * {@code dr.who}: what Hadoop's StaticUserWebFilter calls an anonymous caller) is never an admin.
 */
final class AdminCheck {

    private final String staticUser;
    private final Predicate<UserGroupInformation> isAdmin;

    AdminCheck(String staticUser, Predicate<UserGroupInformation> isAdmin) {
        this.staticUser = staticUser;
        this.isAdmin = isAdmin;
    }

    /**
     * @param user    the caller, when allowed
     * @param refusal why not, when refused (the 403 message)
     */
    record Decision(String user, String refusal) {

        boolean allowed() {
            return refusal == null;
        }
    }

    Decision check(Principal caller) {
        String name = caller == null ? null : caller.getName();
        if (name == null || name.isEmpty() || name.equals(staticUser)) {
            return new Decision(null, "switching the scheduling policy needs an authenticated YARN admin"
                    + " (yarn.admin.acl); this request carries no user" + (name == null || name.isEmpty() ? ""
                    : " but the anonymous web user " + name) + " (with simple authentication add ?user.name=<you>)");
        }
        UserGroupInformation user = UserGroupInformation.createRemoteUser(name);
        // A Kerberos caller is alice@EXAMPLE.COM; the RM's logs and ACLs know her by her short name.
        String shortName = user.getShortUserName();
        if (!isAdmin.test(user)) {
            return new Decision(null, "user " + shortName + (shortName.equals(name) ? "" : " (" + name + ")")
                    + " is not a YARN admin (yarn.admin.acl); only admins may switch the scheduling policy");
        }
        return new Decision(shortName, null);
    }
}
