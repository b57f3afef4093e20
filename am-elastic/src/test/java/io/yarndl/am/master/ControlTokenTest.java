package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import io.yarndl.am.job.CredentialsBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.junit.jupiter.api.Test;

class ControlTokenTest {

    @Test
    void freshTokensDifferAndHideInLogs() {
        ControlToken a = ControlToken.generate();
        assertNotEquals(a.header(), ControlToken.generate().header());
        assertEquals(43, a.header().length() - "Bearer ".length(), "32 bytes, base64url without padding");
        assertFalse(a.toString().contains(a.header().substring(7)));
    }

    @Test
    void admitsOnlyItsOwnBearerHeader() {
        ControlToken token = ControlToken.of("s3cret");
        assertTrue(token.admits("Bearer s3cret"));
        assertTrue(token.admits("BEARER s3cret"));
        assertFalse(token.admits(null));
        assertFalse(token.admits(""));
        assertFalse(token.admits("Bearer "));
        assertFalse(token.admits("Bearer s3cre"));
        assertFalse(token.admits("Bearer s3crets"));
        assertFalse(token.admits("Basic s3cret"));
        assertFalse(token.admits("Bearers3cret"));
    }

    @Test
    void workerCredentialsWithoutDelegationTokensCarryTheControlTokenAloneUnderItsAlias() throws Exception {
        ControlToken token = ControlToken.of("s3cret");
        Credentials read = CredentialsBuffer.read(WorkerCredentials.of(token, new Credentials(), Optional.empty()));

        assertArrayEquals("s3cret".getBytes(StandardCharsets.UTF_8), read.getSecretKey(new Text(ControlToken.ALIAS)));
        assertEquals(1, read.numberOfSecretKeys());
        assertEquals(0, read.numberOfTokens());
    }
}
