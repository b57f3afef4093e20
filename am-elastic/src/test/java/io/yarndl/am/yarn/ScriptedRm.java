package io.yarndl.am.yarn;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.yarn.api.ApplicationMasterProtocol;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateRequest;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.protocolrecords.FinishApplicationMasterRequest;
import org.apache.hadoop.yarn.api.protocolrecords.FinishApplicationMasterResponse;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterRequest;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.util.Records;

/**
 * A ResourceManager's AM protocol that answers each {@code allocate} from a script: the next
 * scripted failure is thrown, or the next scripted grant answered; with the script empty it
 * answers with nothing granted, or, when told to {@link #failForever}, throws that failure for
 * good. Records every request it got. Closeable, so the client can stop its "proxy".
 */
final class ScriptedRm implements ApplicationMasterProtocol, Closeable {

    private final Queue<Object> script = new ConcurrentLinkedQueue<>();
    private final List<AllocateRequest> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger registrations = new AtomicInteger();
    private volatile Exception forever;
    private int responseId;

    ScriptedRm thenFail(Exception failure) {
        script.add(failure);
        return this;
    }

    ScriptedRm thenGrant(List<Container> containers) {
        script.add(containers);
        return this;
    }

    ScriptedRm failForever(Exception failure) {
        forever = failure;
        return this;
    }

    int registrations() {
        return registrations.get();
    }

    List<AllocateRequest> requests() {
        return requests;
    }

    @Override
    public RegisterApplicationMasterResponse registerApplicationMaster(RegisterApplicationMasterRequest request) {
        registrations.incrementAndGet();
        return Records.newRecord(RegisterApplicationMasterResponse.class);
    }

    @Override
    public FinishApplicationMasterResponse finishApplicationMaster(FinishApplicationMasterRequest request) {
        return FinishApplicationMasterResponse.newInstance(true);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized AllocateResponse allocate(AllocateRequest request) throws YarnException, IOException {
        requests.add(request);
        Object next = script.poll();
        if (next == null && forever != null) {
            next = forever;
        }
        if (next instanceof YarnException e) {
            throw e;
        }
        if (next instanceof RuntimeException e) {
            throw e;
        }
        if (next instanceof IOException e) {
            throw e;
        }
        return AllocateResponse.newBuilder().responseId(++responseId).numClusterNodes(1)
                .allocatedContainers(next == null ? List.of() : (List<Container>) next).build();
    }

    @Override
    public void close() {
    }
}
