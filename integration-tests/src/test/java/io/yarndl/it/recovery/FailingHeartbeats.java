package io.yarndl.it.recovery;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.ams.ApplicationMasterServiceContext;
import org.apache.hadoop.yarn.ams.ApplicationMasterServiceProcessor;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateRequest;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.protocolrecords.FinishApplicationMasterRequest;
import org.apache.hadoop.yarn.api.protocolrecords.FinishApplicationMasterResponse;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterRequest;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.exceptions.YarnRuntimeException;

/**
 * A fault put into the ResourceManager's ApplicationMasterService: for a while ({@link #failFor})
 * every heartbeat ({@code allocate}) fails the way one in flight fails when an RM goes standby or
 * stops, a {@link YarnRuntimeException} wrapping the RM's {@link InterruptedException}, which the
 * AMs' RM proxy does not retry. It fails before the rest of the processing chain runs, so the RM
 * keeps no trace of the call: the AM's next try is answered as if the failed one never happened.
 *
 * <p>Installed into the RM's processing chain by {@link #INSTALL}; the mini cluster's RM runs in
 * the test's JVM, so the switch and the counts are static.
 */
public final class FailingHeartbeats implements ApplicationMasterServiceProcessor {

    static final Consumer<Configuration> INSTALL = conf -> conf.set(
            YarnConfiguration.RM_APPLICATION_MASTER_SERVICE_PROCESSORS, FailingHeartbeats.class.getName());

    private static final Map<ApplicationId, AtomicInteger> FAILED = new ConcurrentHashMap<>();
    private static volatile long failingUntilNanos;
    private static volatile boolean failing;

    private ApplicationMasterServiceProcessor next;

    /** Fails every heartbeat from now on for {@code length}. */
    static void failFor(Duration length) {
        failingUntilNanos = System.nanoTime() + length.toNanos();
        failing = true;
    }

    /** Heartbeats of {@code app} failed so far. */
    static int failedHeartbeats(ApplicationId app) {
        AtomicInteger count = FAILED.get(app);
        return count == null ? 0 : count.get();
    }

    @Override
    public void init(ApplicationMasterServiceContext context, ApplicationMasterServiceProcessor nextProcessor) {
        this.next = nextProcessor;
    }

    @Override
    public void registerApplicationMaster(ApplicationAttemptId attempt, RegisterApplicationMasterRequest request,
                                          RegisterApplicationMasterResponse response) throws java.io.IOException,
            YarnException {
        next.registerApplicationMaster(attempt, request, response);
    }

    @Override
    public void allocate(ApplicationAttemptId attempt, AllocateRequest request, AllocateResponse response)
            throws YarnException {
        if (failing && System.nanoTime() - failingUntilNanos < 0) {
            FAILED.computeIfAbsent(attempt.getApplicationId(), id -> new AtomicInteger()).incrementAndGet();
            throw new YarnRuntimeException(new InterruptedException("heartbeat failed on purpose (FailingHeartbeats)"));
        }
        next.allocate(attempt, request, response);
    }

    @Override
    public void finishApplicationMaster(ApplicationAttemptId attempt, FinishApplicationMasterRequest request,
                                        FinishApplicationMasterResponse response) {
        next.finishApplicationMaster(attempt, request, response);
    }
}
