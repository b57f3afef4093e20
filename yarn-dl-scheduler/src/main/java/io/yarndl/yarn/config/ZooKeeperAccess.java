package io.yarndl.yarn.config;

import io.yarndl.contract.access.JobNodeAcl;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.data.ACL;

/**
 * Reads where the scheduler's ZooKeeper is (connect string, root), and reads and prints its ACL and
 * credentials in Hadoop's formats (the RM's own {@code hadoop.zk.acl} and {@code hadoop.zk.auth} when
 * yarn-dl's keys are unset). Credentials
 * are secrets: no message or description here ever contains them.
 */
public final class ZooKeeperAccess {

    private ZooKeeperAccess() {
    }

    /** An ACL as a configuration file writes it, e.g. {@code sasl:rm:rwcda,world:anyone:r}. */
    public static String describe(List<ACL> acl) {
        return JobNodeAcl.describe(acl);
    }

    /** The credentials' schemes only, e.g. {@code digest:***}. */
    static String describeSchemes(List<ZKUtil.ZKAuthInfo> auth) {
        if (auth.isEmpty()) {
            return "(none)";
        }
        List<String> schemes = new ArrayList<>();
        for (ZKUtil.ZKAuthInfo entry : auth) {
            schemes.add(entry.getScheme() + ":***");
        }
        return String.join(",", schemes);
    }

    static List<ACL> readAcl(Configuration conf) {
        String key = present(conf, SchedulerSettings.ZK_ACL) ? SchedulerSettings.ZK_ACL
                : SchedulerSettings.HADOOP_ZK_ACL;
        String raw = conf.getTrimmed(key, CommonConfigurationKeys.ZK_ACL_DEFAULT);
        String allowed = "allowed: comma-separated scheme:id:perms entries such as world:anyone:r,"
                + "sasl:rm:rwcda or digest:yarn-dl:<base64 sha1>:rwcda (perms from rwcda), or @/path/to/file";
        try {
            List<ACL> acl = ZKUtil.parseACLs(ZKUtil.resolveConfIndirection(raw));
            if (acl.isEmpty()) {
                throw new InvalidSettingException(key, raw, "is empty", allowed);
            }
            return acl;
        } catch (ZKUtil.BadAclFormatException | IOException e) {
            throw new InvalidSettingException(key, raw, "cannot be read: " + e.getMessage(), allowed);
        }
    }

    static List<ZKUtil.ZKAuthInfo> readAuth(Configuration conf) {
        String key = present(conf, SchedulerSettings.ZK_AUTH) ? SchedulerSettings.ZK_AUTH
                : SchedulerSettings.HADOOP_ZK_AUTH;
        String raw = conf.getTrimmed(key, "");
        if (raw.isEmpty()) {
            return List.of();
        }
        String allowed = "allowed: comma-separated scheme:credentials entries such as digest:yarn-dl:secret,"
                + " or @/path/to/file holding them";
        try {
            return ZKUtil.parseAuth(ZKUtil.resolveConfIndirection(raw));
        } catch (ZKUtil.BadAuthFormatException e) {
            // The value is a secret, and Hadoop's message quotes it: name the key and the form only.
            throw new InvalidSettingException(key, "(hidden)", "is not of the form scheme:auth", allowed);
        } catch (IOException e) {
            throw new InvalidSettingException(key, "(hidden)", "names a file that cannot be read: " + e.getMessage(),
                    allowed);
        }
    }

    static String readAddress(Configuration conf) {
        // The same order the RM resolves its own ZooKeeper: its yarn.resourcemanager.* key, then hadoop.zk.*.
        for (String key : List.of(SchedulerSettings.ZK_ADDRESS, SchedulerSettings.RM_ZK_ADDRESS, SchedulerSettings.HADOOP_ZK_ADDRESS)) {
            String value = conf.getTrimmed(key);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        throw new InvalidSettingException(SchedulerSettings.ZK_ADDRESS, null,
                "is not set, and neither is " + SchedulerSettings.RM_ZK_ADDRESS + " nor " + SchedulerSettings.HADOOP_ZK_ADDRESS,
                "set one of them to a ZooKeeper connect string such as zk1:2181,zk2:2181,zk3:2181");
    }

    static String readRoot(Configuration conf) {
        String value = conf.getTrimmed(SchedulerSettings.ZK_ROOT, SchedulerSettings.DEFAULT_ZK_ROOT);
        boolean valid = value.startsWith("/") && value.length() > 1 && !value.endsWith("/");
        String[] parts = value.split("/", -1);
        // parts[0] is the empty string before the leading '/'; ZooKeeper refuses empty, "." and ".." names.
        for (int i = 1; valid && i < parts.length; i++) {
            valid = !parts[i].isEmpty() && !parts[i].equals(".") && !parts[i].equals("..");
        }
        if (!valid) {
            throw new InvalidSettingException(SchedulerSettings.ZK_ROOT, value, "is not a ZooKeeper path",
                    "allowed: an absolute znode path below '/' such as /yarn-dl, with no trailing '/'");
        }
        return value;
    }

    private static boolean present(Configuration conf, String key) {
        String value = conf.getTrimmed(key);
        return value != null && !value.isEmpty();
    }
}
