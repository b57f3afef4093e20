package io.yarndl.am.job;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.security.Credentials;

/**
 * Hadoop {@link Credentials} as a launch context carries them ({@code ContainerLaunchContext#setTokens}):
 * the token-storage format a NodeManager writes unchanged into the container's
 * {@code $HADOOP_TOKEN_FILE_LOCATION}.
 */
public final class CredentialsBuffer {

    private CredentialsBuffer() {
    }

    /** {@code credentials} serialised, in a buffer of its own. */
    public static ByteBuffer write(Credentials credentials) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            credentials.writeTokenStorageToStream(out);
        } catch (IOException inMemory) {
            throw new UncheckedIOException("writing credentials to memory failed", inMemory);
        }
        return ByteBuffer.wrap(bytes.toByteArray());
    }

    /**
     * The credentials in {@code buffer} (none when it is null or empty); the buffer's position is
     * left where it was.
     *
     * @throws IOException when the bytes are not Hadoop token storage
     */
    public static Credentials read(ByteBuffer buffer) throws IOException {
        Credentials credentials = new Credentials();
        if (buffer != null && buffer.hasRemaining()) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            credentials.readTokenStorageStream(new DataInputStream(new ByteArrayInputStream(bytes)));
        }
        return credentials;
    }
}
