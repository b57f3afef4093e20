package io.yarndl.am.yarn;

import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;

/**
 * NodeManager callbacks that ignore everything: an ApplicationMaster overrides the few it acts on
 * (typically {@link #onContainerStarted} and {@link #onStartContainerError}) and leaves the rest.
 */
@SuppressWarnings("deprecation") // the abstract handler still declares the deprecated increase callbacks
public abstract class QuietNmCallbacks extends NMClientAsync.AbstractCallbackHandler {

    @Override
    public void onContainerStarted(ContainerId id, Map<String, ByteBuffer> allServiceResponse) {
    }

    @Override
    public void onStartContainerError(ContainerId id, Throwable t) {
    }

    @Override
    public void onContainerStatusReceived(ContainerId id, ContainerStatus status) {
    }

    @Override
    public void onContainerStopped(ContainerId id) {
    }

    @Override
    public void onContainerResourceIncreased(ContainerId id, Resource resource) {
    }

    @Override
    public void onContainerResourceUpdated(ContainerId id, Resource resource) {
    }

    @Override
    public void onGetContainerStatusError(ContainerId id, Throwable t) {
    }

    @Override
    public void onIncreaseContainerResourceError(ContainerId id, Throwable t) {
    }

    @Override
    public void onUpdateContainerResourceError(ContainerId id, Throwable t) {
    }

    @Override
    public void onStopContainerError(ContainerId id, Throwable t) {
    }
}
