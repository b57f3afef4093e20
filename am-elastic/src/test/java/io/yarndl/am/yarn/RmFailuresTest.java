package io.yarndl.am.yarn;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.util.List;
import org.apache.hadoop.yarn.exceptions.ApplicationAttemptNotFoundException;
import org.apache.hadoop.yarn.exceptions.InvalidApplicationMasterRequestException;
import org.apache.hadoop.yarn.exceptions.InvalidContainerReleaseException;
import org.apache.hadoop.yarn.exceptions.InvalidLabelResourceRequestException;
import org.apache.hadoop.yarn.exceptions.SchedulerInvalidResourceRequestException;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.exceptions.YarnRuntimeException;
import org.junit.jupiter.api.Test;

class RmFailuresTest {

    @Test
    void whatAnRmFailingOverOrRestartingThrowsMayHeal() {
        for (Throwable e : List.of(new YarnRuntimeException(new InterruptedException()),
                new ConnectException("Connection refused"), new IOException("Failed on local exception"),
                new YarnException("RM is not active yet"))) {
            assertTrue(RmFailures.mayHeal(e), e.toString());
        }
    }

    @Test
    void anUnknownAttemptOrAWrongRequestNeverHeals() {
        for (Throwable e : List.of(new ApplicationAttemptNotFoundException("gone"),
                new InvalidApplicationMasterRequestException("not registered"),
                new InvalidLabelResourceRequestException("no such label"),
                new SchedulerInvalidResourceRequestException("too big"),
                new InvalidContainerReleaseException("not yours"), new IllegalArgumentException("progress < 0"),
                new OutOfMemoryError())) {
            assertFalse(RmFailures.mayHeal(e), e.toString());
        }
    }
}
