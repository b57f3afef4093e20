package io.yarndl.am.yarn;

import java.util.List;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.UpdatedContainer;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;

/**
 * ResourceManager callbacks with the two an elastic AM has no use for (container updates, node
 * updates) ignored; the AM implements the rest.
 */
public abstract class QuietRmCallbacks extends AMRMClientAsync.AbstractCallbackHandler {

    @Override
    public void onContainersUpdated(List<UpdatedContainer> containers) {
    }

    @Override
    public void onNodesUpdated(List<NodeReport> updatedNodes) {
    }
}
