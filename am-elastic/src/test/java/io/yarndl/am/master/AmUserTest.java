package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.Test;

class AmUserTest {

    @Test
    void actsAsTheSubmitterWithTheContainersTokensNotAsTheUserTheNodeManagerRanItAs() throws Exception {
        UserGroupInformation process = UserGroupInformation.createRemoteUser("yarn");
        Token<?> hdfs = new Token<>(new byte[] {1}, new byte[] {2}, new Text("HDFS_DELEGATION_TOKEN"),
                new Text("nn:8020"));
        Credentials container = new Credentials();
        container.addToken(hdfs.getService(), hdfs);
        container.addSecretKey(new Text("secret"), new byte[] {3});
        process.addCredentials(container);

        UserGroupInformation am = AmUser.of("alice", process);

        assertEquals("alice", am.getShortUserName());
        String seen = am.doAs((java.security.PrivilegedExceptionAction<String>) () ->
                UserGroupInformation.getCurrentUser().getShortUserName());
        assertEquals("alice", seen);
        assertEquals(hdfs, am.getCredentials().getToken(new Text("nn:8020")));
        assertTrue(am.getCredentials().getSecretKey(new Text("secret")) != null);
    }

    @Test
    void refusesAContainerWithoutItsSubmitter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AmUser.of(null, UserGroupInformation.createRemoteUser("yarn")));
        assertTrue(e.getMessage().contains("USER"), e.getMessage());
    }
}
