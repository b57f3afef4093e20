package io.yarndl.contract.access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.junit.jupiter.api.Test;

class AppZkSecretTest {

    private final List<String> problems = new ArrayList<>();

    private static ContainerLaunchContext context(ByteBuffer tokens) {
        return ContainerLaunchContext.newInstance(Map.of(), Map.of(), List.of("true"), null, tokens, null);
    }

    private static ByteBuffer serialise(Credentials credentials) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            credentials.writeTokenStorageToStream(out);
        }
        return ByteBuffer.wrap(bytes.toByteArray());
    }

    private static Credentials read(ByteBuffer tokens) throws Exception {
        Credentials credentials = new Credentials();
        ByteBuffer copy = tokens.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        credentials.readTokenStorageStream(new DataInputStream(new ByteArrayInputStream(bytes)));
        return credentials;
    }

    @Test
    void generatesDistinctUrlSafeSecretsOf32Bytes() {
        String first = AppZkSecret.generate();
        assertEquals(43, first.length());
        assertTrue(first.matches("[A-Za-z0-9_-]+"), first);
        assertNotEquals(first, AppZkSecret.generate());
    }

    @Test
    void secretTravelsThroughTheLaunchContextsTokens() throws Exception {
        ContainerLaunchContext context = context(null);
        String secret = AppZkSecret.generate();
        AppZkSecret.addTo(context, secret);
        assertEquals(Optional.of(secret), AppZkSecret.fromLaunchContext(context, problems::add));
        assertEquals(List.of(), problems);
    }

    @Test
    void addingTheSecretKeepsTokensAndKeysAlreadyThere() throws Exception {
        Credentials existing = new Credentials();
        Token<TokenIdentifier> token = new Token<>("id".getBytes(StandardCharsets.UTF_8),
                "pw".getBytes(StandardCharsets.UTF_8), new Text("HDFS_DELEGATION_TOKEN"), new Text("nn:8020"));
        existing.addToken(new Text("nn:8020"), token);
        existing.addSecretKey(new Text("other"), new byte[] {1, 2, 3});
        ContainerLaunchContext context = context(serialise(existing));
        AppZkSecret.addTo(context, "first");
        AppZkSecret.addTo(context, "second");

        Credentials merged = read(context.getTokens());
        assertEquals(token, merged.getToken(new Text("nn:8020")));
        assertArrayEquals(new byte[] {1, 2, 3}, merged.getSecretKey(new Text("other")));
        assertEquals(Optional.of("second"), AppZkSecret.secretIn(merged));
    }

    @Test
    void corruptTokensAreReportedNotThrown() {
        ContainerLaunchContext context = context(ByteBuffer.wrap("not a token file".getBytes(StandardCharsets.UTF_8)));
        assertEquals(Optional.empty(), AppZkSecret.fromLaunchContext(context, problems::add));
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("credentials cannot be read"), problems.get(0));
    }

    @Test
    void contextWithoutTokensOrWithoutTheKeyHasNoSecret() throws Exception {
        assertEquals(Optional.empty(), AppZkSecret.fromLaunchContext(context(null), problems::add));
        assertEquals(Optional.empty(), AppZkSecret.fromLaunchContext(null, problems::add));
        assertEquals(Optional.empty(), AppZkSecret.fromLaunchContext(context(serialise(new Credentials())),
                problems::add));
        assertEquals(List.of(), problems);
    }

    @Test
    void readingLeavesTheTokenBufferWhereItWas() throws Exception {
        ContainerLaunchContext context = context(null);
        AppZkSecret.addTo(context, "s");
        ByteBuffer tokens = context.getTokens();
        int position = tokens.position();
        AppZkSecret.fromLaunchContext(context, problems::add);
        assertEquals(position, tokens.position());
    }

    @Test
    void amReadsTheSecretFromItsUsersCredentials() throws Exception {
        UserGroupInformation am = UserGroupInformation.createRemoteUser("am");
        Credentials credentials = new Credentials();
        credentials.addSecretKey(new Text(AppZkSecret.ALIAS), "from-the-token-file".getBytes(StandardCharsets.UTF_8));
        am.addCredentials(credentials);
        Optional<String> seen = am.doAs((PrivilegedExceptionAction<Optional<String>>) AppZkSecret::fromCurrentUser);
        assertEquals(Optional.of("from-the-token-file"), seen);
        assertEquals(Optional.empty(), UserGroupInformation.createRemoteUser("other")
                .doAs((PrivilegedExceptionAction<Optional<String>>) AppZkSecret::fromCurrentUser));
    }
}
