package io.yarndl.am.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateRequest;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.exceptions.ApplicationAttemptNotFoundException;
import org.apache.hadoop.yarn.exceptions.ApplicationMasterNotRegisteredException;
import org.apache.hadoop.yarn.exceptions.InvalidApplicationMasterRequestException;
import org.apache.hadoop.yarn.exceptions.InvalidResourceRequestException;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.exceptions.YarnRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The AM's RM client through failed heartbeats, over a scripted RM protocol ({@link ScriptedRm}),
 * alone and inside Hadoop's {@link AMRMClientAsync} as the AMs use it.
 */
class PatientAmRmClientTest {

    private static final int HEARTBEAT_MS = 20;
    private static final Priority WORKER = Priority.newInstance(1);
    private static final Resource GPU_WORKER = Resource.newInstance(1024, 1);

    private final ScriptedRm rm = new ScriptedRm();
    private final Handler handler = new Handler();
    private AMRMClientAsync<ContainerRequest> async;

    @AfterEach
    void stopAsync() {
        if (async != null) {
            async.stop();
        }
    }

    @Test
    void aHeartbeatTheRmFailsWhileItFailsOverIsRetriedAndItsAskGrantedWithoutTheAmSeeingAnError() throws Exception {
        rm.thenFail(new YarnRuntimeException(new InterruptedException()))
                .thenFail(new ConnectException("Connection refused"))
                .thenGrant(List.of(container(2)));
        PatientAmRmClient client = new PatientAmRmClient(window(60_000), rm);
        startAsync(client);
        async.addContainerRequest(new ContainerRequest(GPU_WORKER, null, null, WORKER));
        async.registerApplicationMaster("localhost", -1, "");

        assertTrue(handler.allocated.await(10, TimeUnit.SECONDS), "the grant never reached the AM");
        assertEquals(List.of(), handler.errors, "the AM saw an error");
        assertEquals(2, client.retries());
        assertEquals(List.of(1, 1, 1), rm.requests().subList(0, 3).stream().map(PatientAmRmClientTest::askedWorkers)
                .toList(), "the ask was not sent again with each try");
    }

    @Test
    void anRmRestartedMidHeartbeatHasTheAmRegisterAgainAndGetsItsOutstandingAsk() throws Exception {
        rm.thenGrant(List.of())
                .thenFail(new YarnRuntimeException(new InterruptedException()))
                .thenFail(new ApplicationMasterNotRegisteredException("the RM restarted"))
                .thenGrant(List.of(container(2)));
        PatientAmRmClient client = new PatientAmRmClient(window(60_000), rm);
        client.registerApplicationMaster("localhost", -1, "");
        client.addContainerRequest(new ContainerRequest(GPU_WORKER, null, null, WORKER));
        client.allocate(0.5f); // sends the ask; the RM forgets it in the restart

        AllocateResponse granted = client.allocate(0.5f);

        assertEquals(1, granted.getAllocatedContainers().size());
        assertEquals(2, rm.registrations(), "the AM did not register with the restarted RM");
        List<AllocateRequest> requests = rm.requests();
        assertEquals(1, askedWorkers(requests.get(requests.size() - 1)), "the outstanding ask was not sent again");
    }

    @Test
    void heartbeatsFailingPastTheWindowReachTheAmAsAnErrorNamingTheWindow() throws Exception {
        rm.failForever(new ConnectException("Connection refused"));
        PatientAmRmClient client = new PatientAmRmClient(window(300), rm);
        startAsync(client);
        long started = System.nanoTime();
        async.registerApplicationMaster("localhost", -1, "");

        assertTrue(handler.failed.await(10, TimeUnit.SECONDS), "the AM never heard that the RM was lost");
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        Throwable error = handler.errors.get(0);
        assertTrue(tookMs >= 300, "gave up after " + tookMs + " ms");
        assertTrue(error.getMessage().contains(RmRetryWindow.KEY), error.getMessage());
        assertTrue(error.getCause() instanceof ConnectException, String.valueOf(error.getCause()));
    }

    @Test
    void errorsThatCannotHealReachTheCallerAtOnce() throws Exception {
        for (YarnException fatal : List.of(new ApplicationAttemptNotFoundException("attempt unknown"),
                new InvalidApplicationMasterRequestException("not registered"),
                new InvalidResourceRequestException("more GPUs than a node has"))) {
            ScriptedRm failing = new ScriptedRm().failForever(fatal);
            PatientAmRmClient client = new PatientAmRmClient(window(60_000), failing);
            client.registerApplicationMaster("localhost", -1, "");

            assertSame(fatal, assertThrows(YarnException.class, () -> client.allocate(0f)));
            assertEquals(1, failing.requests().size(), fatal + " was retried");
            assertEquals(0, client.retries());
        }
    }

    @Test
    void stoppingTheAmEndsTheWaitForTheRmAtOnce() throws Exception {
        rm.failForever(new YarnRuntimeException(new InterruptedException()));
        startAsync(new PatientAmRmClient(window(60_000), rm));
        async.registerApplicationMaster("localhost", -1, "");
        while (rm.requests().size() < 3) {
            Thread.sleep(10);
        }

        long stopping = System.nanoTime();
        async.stop();
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopping);
        async = null;
        int sent = rm.requests().size();
        Thread.sleep(3 * PatientAmRmClient.FIRST_BACKOFF_MS);

        assertTrue(tookMs < 1_000, "stopping took " + tookMs + " ms");
        assertEquals(sent, rm.requests().size(), "heartbeats went on after the AM stopped");
    }

    @Test
    void aHeartbeatFailingOnAnInterruptedThreadIsNotRetried() throws Exception {
        IOException interrupted = new InterruptedIOException("Call interrupted");
        rm.failForever(interrupted);
        PatientAmRmClient client = new PatientAmRmClient(window(60_000), rm);
        client.registerApplicationMaster("localhost", -1, "");
        Thread.currentThread().interrupt();
        try {
            assertSame(interrupted, assertThrows(IOException.class, () -> client.allocate(0f)));
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt was swallowed");
        } finally {
            Thread.interrupted();
        }
        assertEquals(1, rm.requests().size());
    }

    private void startAsync(PatientAmRmClient client) {
        async = AMRMClientAsync.createAMRMClientAsync(client, HEARTBEAT_MS, handler);
        async.init(new Configuration(false));
        async.start();
    }

    private static RmRetryWindow window(long ms) {
        return new RmRetryWindow(Duration.ofMillis(ms));
    }

    private static int askedWorkers(AllocateRequest request) {
        return request.getAskList().stream().filter(r -> ResourceRequest.ANY.equals(r.getResourceName()))
                .mapToInt(ResourceRequest::getNumContainers).sum();
    }

    private static Container container(long id) {
        ApplicationAttemptId attempt = ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);
        return Container.newInstance(ContainerId.newContainerId(attempt, id), NodeId.newInstance("n1", 1), "n1:2",
                GPU_WORKER, WORKER, null);
    }

    /** What an AM's callbacks would see. */
    private static final class Handler extends QuietRmCallbacks {

        final List<Throwable> errors = new CopyOnWriteArrayList<>();
        final CountDownLatch allocated = new CountDownLatch(1);
        final CountDownLatch failed = new CountDownLatch(1);

        @Override
        public void onContainersAllocated(List<Container> containers) {
            allocated.countDown();
        }

        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {
        }

        @Override
        public void onShutdownRequest() {
            errors.add(new IllegalStateException("asked to shut down"));
        }

        @Override
        public float getProgress() {
            return 0.5f;
        }

        @Override
        public void onError(Throwable e) {
            errors.add(e);
            failed.countDown();
        }
    }
}
