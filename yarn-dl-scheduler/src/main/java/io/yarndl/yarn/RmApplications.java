package io.yarndl.yarn;

import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppImpl;

/**
 * The RM's applications looked up by the id strings ZooKeeper records and the REST API carry: an
 * id that does not parse is an application this RM does not have, never an error, since records
 * outlive applications and anyone may ask the API about any id.
 */
final class RmApplications {

    private final RMContext context;

    RmApplications(RMContext context) {
        this.context = context;
    }

    /** Whether {@code applicationId} names an application of this RM that has not ended. */
    boolean isLive(String applicationId) {
        return find(applicationId).map(app -> !RMAppImpl.isAppInFinalState(app)).orElse(false);
    }

    /** The RM's state of an application; empty for an id it does not know or cannot parse. */
    Optional<String> yarnStateOf(String applicationId) {
        return find(applicationId).map(app -> app.createApplicationState().name());
    }

    private Optional<RMApp> find(String applicationId) {
        try {
            return Optional.ofNullable(context.getRMApps().get(ApplicationId.fromString(applicationId)));
        } catch (IllegalArgumentException notAnId) {
            return Optional.empty();
        }
    }
}
