package io.yarndl.contract.access;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;

/**
 * The per-application ZooKeeper secret: made by the yarn-dl client at submission, carried as a
 * secret key in the ApplicationMaster's credentials (the launch context's tokens, which YARN hands
 * to the AM's container in its token file and never shows in the environment, the command line or
 * the web UI), read by the scheduler at admission to grant that application, and only it, write
 * access to its own job node, and read by the AM to authenticate ({@link AppZkCredentials}).
 */
public final class AppZkSecret {

    /** The secret key's alias in the AM's {@link Credentials}. */
    public static final String ALIAS = "yarn-dl.zookeeper.secret";

    private static final Text ALIAS_TEXT = new Text(ALIAS);
    private static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private AppZkSecret() {
    }

    /** A fresh secret: 32 random bytes, base64url without padding (43 characters, no ':'). */
    public static String generate() {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Adds {@code secret} to the launch context's credentials, keeping every token and secret key
     * already there (a secure cluster's delegation tokens, say) and replacing an older secret.
     *
     * @throws IOException when the tokens already in the context cannot be read
     */
    public static void addTo(ContainerLaunchContext context, String secret) throws IOException {
        Credentials credentials = new Credentials();
        ByteBuffer existing = context.getTokens();
        if (existing != null && existing.hasRemaining()) {
            credentials.readTokenStorageStream(stream(existing));
        }
        credentials.addSecretKey(ALIAS_TEXT, secret.getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            credentials.writeTokenStorageToStream(out);
        }
        context.setTokens(ByteBuffer.wrap(bytes.toByteArray()));
    }

    /**
     * The secret in an AM launch context's credentials (scheduler side, at admission); empty when
     * there are no tokens or none under {@link #ALIAS}. Never throws: tokens that cannot be read
     * are described to {@code unreadable} and count as no secret. The buffer's position is left
     * where it was, for the ResourceManager's own later read.
     */
    public static Optional<String> fromLaunchContext(ContainerLaunchContext context, Consumer<String> unreadable) {
        ByteBuffer tokens = context == null ? null : context.getTokens();
        if (tokens == null || !tokens.hasRemaining()) {
            return Optional.empty();
        }
        Credentials credentials = new Credentials();
        try {
            credentials.readTokenStorageStream(stream(tokens));
        } catch (IOException | RuntimeException corrupt) {
            // A RuntimeException too: a damaged length field can surface as NegativeArraySizeException.
            unreadable.accept("the ApplicationMaster's credentials cannot be read (" + corrupt + ")");
            return Optional.empty();
        }
        return secretIn(credentials);
    }

    /**
     * The secret in the current user's credentials (AM side): YARN loads the launch context's
     * tokens from the container's token file into the login user. Empty when the client added none
     * (an older client, or a test's own AM).
     *
     * @throws IOException when Hadoop cannot determine the current user
     */
    public static Optional<String> fromCurrentUser() throws IOException {
        return secretIn(UserGroupInformation.getCurrentUser().getCredentials());
    }

    /** The secret under {@link #ALIAS} in {@code credentials}; empty when absent or empty. */
    public static Optional<String> secretIn(Credentials credentials) {
        byte[] secret = credentials.getSecretKey(ALIAS_TEXT);
        return secret == null || secret.length == 0 ? Optional.empty()
                : Optional.of(new String(secret, StandardCharsets.UTF_8));
    }

    private static DataInputStream stream(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }
}
