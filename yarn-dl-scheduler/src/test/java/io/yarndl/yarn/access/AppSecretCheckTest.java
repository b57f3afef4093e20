package io.yarndl.yarn.access;

import io.yarndl.contract.access.AppZkSecret;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.junit.jupiter.api.Test;

class AppSecretCheckTest {

    private static final String APP = "application_1700000000000_0007";

    private static ContainerLaunchContext withSecret(String secret) throws Exception {
        ContainerLaunchContext context = ContainerLaunchContext.newInstance(Map.of(), Map.of(), List.of("true"), null,
                null, null);
        AppZkSecret.addTo(context, secret);
        return context;
    }

    private static ContainerLaunchContext corrupt() {
        return ContainerLaunchContext.newInstance(Map.of(), Map.of(), List.of("true"), null,
                ByteBuffer.wrap("garbage".getBytes(StandardCharsets.UTF_8)), null);
    }

    @Test
    void grantsTheSecretItFinds() throws Exception {
        assertEquals(new AppSecretCheck.Granted(Optional.of("abc"), Optional.empty()),
                new AppSecretCheck(true).check(APP, withSecret("abc")));
    }

    @Test
    void rejectsAnApplicationWithoutSecretWhenOneIsRequired() {
        AppSecretCheck.Refused refused = assertInstanceOf(AppSecretCheck.Refused.class,
                new AppSecretCheck(true).check(APP, null));
        assertTrue(refused.message().startsWith(APP + " carries no ZooKeeper secret"), refused.message());
        assertTrue(refused.message().contains("yarn.dl.scheduler.app-secret-required is true"), refused.message());
    }

    @Test
    void admitsAnApplicationWithoutSecretWhenNoneIsRequired() {
        assertEquals(new AppSecretCheck.Granted(Optional.empty(), Optional.empty()),
                new AppSecretCheck(false).check(APP, null));
    }

    @Test
    void unreadableCredentialsAreRejectedOrWarnedAbout() {
        AppSecretCheck.Refused refused = assertInstanceOf(AppSecretCheck.Refused.class,
                new AppSecretCheck(true).check(APP, corrupt()));
        assertTrue(refused.message().contains("credentials cannot be read"), refused.message());
        AppSecretCheck.Granted granted = assertInstanceOf(AppSecretCheck.Granted.class,
                new AppSecretCheck(false).check(APP, corrupt()));
        assertEquals(Optional.empty(), granted.secret());
        assertTrue(granted.warning().orElseThrow().contains("credentials cannot be read"));
    }
}
