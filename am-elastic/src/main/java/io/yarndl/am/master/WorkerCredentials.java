package io.yarndl.am.master;

import io.yarndl.am.job.CredentialsBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;

/**
 * The credentials of a worker or server container's launch context: the AM's {@link ControlToken},
 * the delegation tokens the client obtained for the job and the AM received in its own credentials
 * (on a secure cluster, HDFS tokens for the staging and checkpoint directories, which the
 * ResourceManager renews), and the checkpoint NameNode's token once more, as the URL string
 * WebHDFS takes in {@code delegation=}, under the secret key {@link #WEBHDFS_DELEGATION_ALIAS}: the
 * Python helper has neither Kerberos nor Hadoop's token classes.
 *
 * <p>Never the AMRMToken (a worker holding it could ask for and release containers in the AM's
 * name) and never the AM's secret keys (its ZooKeeper secret lets the holder write the job's
 * records). Like the control token, all of it reaches the container through its token file, never
 * its environment, which YARN copies into the launch script and the logs.
 */
public final class WorkerCredentials {

    /** The secret key with the checkpoint token's URL string (the Python side reads the same name). */
    public static final String WEBHDFS_DELEGATION_ALIAS = "yarn-dl.checkpoint.webhdfs-delegation";

    private WorkerCredentials() {
    }

    /**
     * @param token        the AM's control token
     * @param am           the AM's credentials ({@code UserGroupInformation.getCurrentUser().getCredentials()})
     * @param checkpoint   the service of the checkpoint file system's tokens, empty for {@code file://}
     * @throws IOException when the checkpoint token cannot be encoded
     */
    public static ByteBuffer of(ControlToken token, Credentials am, Optional<Text> checkpoint) throws IOException {
        Credentials container = new Credentials();
        token.addTo(container);
        for (Map.Entry<Text, Token<? extends TokenIdentifier>> entry : am.getTokenMap().entrySet()) {
            if (!AMRMTokenIdentifier.KIND_NAME.equals(entry.getValue().getKind())) {
                container.addToken(entry.getKey(), entry.getValue());
            }
        }
        Optional<Token<? extends TokenIdentifier>> forCheckpoints = checkpoint.flatMap(service -> am.getAllTokens()
                .stream().filter(t -> service.equals(t.getService())).findFirst());
        if (forCheckpoints.isPresent()) {
            container.addSecretKey(new Text(WEBHDFS_DELEGATION_ALIAS),
                    forCheckpoints.get().encodeToUrlString().getBytes(StandardCharsets.UTF_8));
        }
        return CredentialsBuffer.write(container);
    }
}
