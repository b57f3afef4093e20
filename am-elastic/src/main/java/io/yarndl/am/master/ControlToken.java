package io.yarndl.am.master;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;

/**
 * The secret an application's containers show the AM's control endpoint ({@link ControlServer}),
 * so that nobody else can post progress, checkpoints or trainer exits for the job.
 *
 * <p>The AM makes one at start (32 random bytes, base64url) and hands it to every container it
 * launches as a secret key in the container's launch-context credentials, the way the client
 * hands the ZooKeeper secret to the AM: the NodeManager writes it into the container's token file
 * ({@code $HADOOP_TOKEN_FILE_LOCATION}), never into the environment, the command line or the
 * launch script that YARN copies into the logs. The agent and the {@code yarn_dl} helper read it
 * from there and send {@code Authorization: Bearer <token>}. Made by the AM rather than the
 * client, it never reaches the ResourceManager or its state store. {@link #toString()} hides it.
 */
public final class ControlToken {

    /** The secret key's alias in a container's credentials (the Python side reads the same name). */
    public static final String ALIAS = "yarn-dl.am.control-token";
    /** The authentication scheme of the {@code Authorization} header (RFC 6750). */
    public static final String SCHEME = "Bearer";

    private static final int TOKEN_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] value;

    private ControlToken(String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("a control token cannot be blank");
        }
        this.value = value.getBytes(StandardCharsets.UTF_8);
    }

    /** A fresh token: 32 random bytes, base64url without padding. */
    public static ControlToken generate() {
        byte[] bytes = new byte[TOKEN_BYTES];
        RANDOM.nextBytes(bytes);
        return new ControlToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** A token with a known value, for tests and for clients that were given it. */
    public static ControlToken of(String value) {
        return new ControlToken(value);
    }

    /** The {@code Authorization} header value a caller sends. */
    public String header() {
        return SCHEME + " " + new String(value, StandardCharsets.UTF_8);
    }

    /**
     * Whether an {@code Authorization} header carries this token. The comparison takes the same
     * time wherever the first wrong byte is, so a caller cannot find the token byte by byte.
     *
     * @param authorization the header's value, null when the request has none
     */
    public boolean admits(String authorization) {
        if (authorization == null || authorization.length() <= SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME + " ", 0, SCHEME.length() + 1)) {
            return false;
        }
        byte[] offered = authorization.substring(SCHEME.length() + 1).trim().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(offered, value);
    }

    /**
     * Adds this token to {@code credentials} as the secret key {@link #ALIAS}: what a worker's launch
     * context carries ({@link WorkerCredentials}), never the AM's own credentials.
     */
    void addTo(Credentials credentials) {
        credentials.addSecretKey(new Text(ALIAS), value.clone());
    }

    @Override
    public String toString() {
        return "ControlToken[hidden]";
    }
}
