package io.yarndl.yarn.access;

import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.config.ZooKeeperLogin;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.curator.framework.AuthInfo;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.hadoop.util.ZKUtil;
import org.apache.hadoop.util.curator.ZKCuratorManager;
import org.apache.zookeeper.data.ACL;

/**
 * The scheduler's ZooKeeper client: it authenticates with {@code yarn.dl.scheduler.zk-auth} (the
 * RM's {@code hadoop.zk.auth} by default) on every session, and every node it creates without an
 * explicit ACL, parents made by {@code creatingParentsIfNeeded} included, gets
 * {@code yarn.dl.scheduler.zk-acl}. Where the RM logs in to ZooKeeper with Kerberos
 * ({@link ZooKeeperLogin}), the client is made by Hadoop's own factory, as the RM's state store's is:
 * one login configuration for both, and {@code sasl:} ACLs mean the same identity. Connection handling
 * is Curator's: operations retry with exponential backoff (1 s, three times) and the client reconnects
 * by itself.
 */
public final class SchedulerZooKeeper {

    private static final int BASE_SLEEP_MS = 1_000;
    private static final int MAX_RETRIES = 3;

    private SchedulerZooKeeper() {
    }

    /** A client for {@code settings}, not started: the caller starts and closes it. */
    public static CuratorFramework client(SchedulerSettings settings) {
        int timeoutMs = (int) settings.zkSessionTimeout().toMillis();
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .connectString(settings.zkAddress())
                .sessionTimeoutMs(timeoutMs)
                .connectionTimeoutMs(timeoutMs)
                .retryPolicy(new ExponentialBackoffRetry(BASE_SLEEP_MS, MAX_RETRIES))
                .authorization(authorization(settings.zkAuth()))
                .aclProvider(new FixedAcl(settings.zkAcl()));
        ZooKeeperLogin login = settings.zkLogin();
        if (login.configured()) {
            // Without Kerberos keys, Curator's own factory: Hadoop's warns on every session that no login is set.
            builder.zookeeperFactory(new ZKCuratorManager.HadoopZookeeperFactory(login.serverPrincipal().orElse(null),
                    login.principal().orElse(null), login.keytab().orElse(null)));
        }
        return builder.build();
    }

    static List<AuthInfo> authorization(List<ZKUtil.ZKAuthInfo> auth) {
        return auth.stream().map(entry -> new AuthInfo(entry.getScheme(), entry.getAuth())).toList();
    }

    /** The same ACL for every path. */
    private record FixedAcl(List<ACL> acl) implements ACLProvider {
        /**
         * A copy that answers {@code contains(null)}: ZooKeeper's {@code validateACL} asks it, and
         * {@code List.of}/{@code List.copyOf} lists (such as the settings') throw instead.
         */
        FixedAcl {
            acl = Collections.unmodifiableList(new ArrayList<>(acl));
        }

        @Override
        public List<ACL> getDefaultAcl() {
            return acl;
        }

        @Override
        public List<ACL> getAclForPath(String path) {
            return acl;
        }
    }
}
