package io.yarndl.contract.access;

import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;

/**
 * The ZooKeeper identity of one application: ZooKeeper's {@code digest} scheme with the application
 * id as the user name and the application's secret ({@link AppZkSecret}) as the password. The AM
 * authenticates with {@link #authBytes()}; the scheduler grants {@link #fullAccess()} on the job's
 * node, which names only the SHA-1 digest of the pair, so the secret itself never reaches ZooKeeper's
 * data. {@link #toString()} hides the secret.
 *
 * @param applicationId the YARN application id, e.g. {@code application_1700000000000_0001}
 * @param secret        the application's secret, as handed to its AM
 */
public record AppZkCredentials(String applicationId, String secret) {

    /** ZooKeeper's authentication scheme for user:password pairs. */
    public static final String SCHEME = "digest";

    /**
     * @throws IllegalArgumentException when either part is empty or the application id contains
     *                                  ':', which would split the digest's user name
     */
    public AppZkCredentials {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(secret, "secret");
        if (applicationId.isEmpty() || applicationId.contains(":")) {
            throw new IllegalArgumentException("application id '" + applicationId
                    + "' cannot be a ZooKeeper digest user name");
        }
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the ZooKeeper secret of " + applicationId + " is empty");
        }
    }

    /** What a client passes to {@code addAuthInfo} / Curator's {@code authorization}: {@code appId:secret}. */
    public byte[] authBytes() {
        return (applicationId + ":" + secret).getBytes(StandardCharsets.UTF_8);
    }

    /** The ACL id ZooKeeper matches against a client authenticated with {@link #authBytes()}. */
    public Id aclId() {
        try {
            return new Id(SCHEME, DigestAuthenticationProvider.generateDigest(applicationId + ":" + secret));
        } catch (NoSuchAlgorithmException noSha1) {
            // Every Java platform must provide SHA-1 (MessageDigest's javadoc): this cannot happen.
            throw new IllegalStateException("SHA-1 is not available", noSha1);
        }
    }

    /** Every permission for this identity: what a job's own node grants its application. */
    public ACL fullAccess() {
        return new ACL(ZooDefs.Perms.ALL, aclId());
    }

    @Override
    public String toString() {
        return "AppZkCredentials[" + applicationId + ", secret hidden]";
    }
}
