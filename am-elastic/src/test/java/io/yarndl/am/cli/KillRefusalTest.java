package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.ipc.RPCUtil;
import org.junit.jupiter.api.Test;

/**
 * Which answers of the RM to a kill are YARN's ACLs refusing it. The end-to-end refusal, from bob's
 * {@code kill} of alice's job, is in the secure-cluster integration test.
 */
class KillRefusalTest {

    @Test
    void theRmsAccessControlExceptionIsARefusalOnEitherSideOfTheRpc() {
        AccessControlException refused = new AccessControlException(
                "User bob cannot perform operation MODIFY_APP on application_1700000000000_0001");

        // In the RM, ClientRMService wraps it; past the RPC the client sees a YarnException naming it.
        assertTrue(YarnCommands.refusedByAcl(RPCUtil.getRemoteException(refused)));
        assertTrue(YarnCommands.refusedByAcl(new YarnException(AccessControlException.class.getName() + ": "
                + refused.getMessage())));
    }

    /**
     * What bob's kill of alice's job got from a real secure RM (SecureElasticPyTorchJobTest), which the
     * client printed as "error: java.security.AccessControlException: ..." before it was recognised.
     */
    @Test
    void theRealRmsRefusalNamesTheJavaSecurityExceptionItThrew() {
        java.security.AccessControlException thrown = new java.security.AccessControlException(
                "User bob cannot perform operation MODIFY_APP on application_1700000000000_0001");
        assertTrue(YarnCommands.refusedByAcl(new YarnException(thrown.toString())));
        assertTrue(YarnCommands.refusedByAcl(thrown));
    }

    @Test
    void otherFailuresAreNotRefusals() {
        assertFalse(YarnCommands.refusedByAcl(new ApplicationNotFoundException("no application_1700000000000_0001")));
        assertFalse(YarnCommands.refusedByAcl(new YarnException("the RM is shutting down")));
        assertFalse(YarnCommands.refusedByAcl(new SecurityException("no permission to read the keytab")));
    }
}
