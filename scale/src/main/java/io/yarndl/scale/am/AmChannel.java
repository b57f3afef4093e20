package io.yarndl.scale.am;

import io.yarndl.scale.run.HarnessMetrics;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateRequest;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.protocolrecords.FinishApplicationMasterRequest;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterRequest;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.apache.hadoop.yarn.server.resourcemanager.ApplicationMasterService;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttempt;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttemptState;

/**
 * An ApplicationMaster's line to the RM's real {@link ApplicationMasterService}, in process: every
 * call runs as the attempt's user carrying its AMRM token, as over RPC (the service authorises
 * each call by that token), and {@code allocate()} carries the response id the RM expects next.
 * Not thread-safe: one AM's calls come from its own timer ticks, one at a time.
 */
final class AmChannel {

    private final ApplicationAttemptId attempt;
    private final Container amContainer;
    private final UserGroupInformation user;
    private final ApplicationMasterService service;
    private int responseId;

    private AmChannel(ApplicationAttemptId attempt, Container amContainer, UserGroupInformation user,
                      ApplicationMasterService service) {
        this.attempt = attempt;
        this.amContainer = amContainer;
        this.user = user;
        this.service = service;
    }

    /** The channel of {@code app}'s current attempt once the RM launched it; empty before. */
    static Optional<AmChannel> ifLaunched(RMContext context, ApplicationMasterService service, ApplicationId app)
            throws Exception {
        RMApp rmApp = context.getRMApps().get(app);
        RMAppAttempt current = rmApp == null ? null : rmApp.getCurrentAppAttempt();
        if (current == null || current.getAppAttemptState() != RMAppAttemptState.LAUNCHED) {
            return Optional.empty();
        }
        Token<AMRMTokenIdentifier> token = current.getAMRMToken();
        UserGroupInformation user = UserGroupInformation.createRemoteUser(current.getAppAttemptId().toString());
        user.addTokenIdentifier(token.decodeIdentifier());
        return Optional.of(new AmChannel(current.getAppAttemptId(), current.getMasterContainer(), user, service));
    }

    ApplicationAttemptId attempt() {
        return attempt;
    }

    Container amContainer() {
        return amContainer;
    }

    void register() throws Exception {
        as(() -> service.registerApplicationMaster(RegisterApplicationMasterRequest.newInstance("localhost", -1, "")));
    }

    /** One heartbeat: replaces the outstanding asks named, releases {@code releases}; timed into {@code metrics}. */
    AllocateResponse allocate(List<ResourceRequest> asks, List<ContainerId> releases, float progress,
                              HarnessMetrics metrics) throws Exception {
        AllocateRequest request = AllocateRequest.newInstance(responseId, progress, asks, releases, null);
        long start = System.nanoTime();
        AllocateResponse response = as(() -> service.allocate(request));
        metrics.allocate(System.nanoTime() - start);
        responseId = response.getResponseId();
        return response;
    }

    void finish(FinalApplicationStatus status) throws Exception {
        as(() -> service.finishApplicationMaster(FinishApplicationMasterRequest.newInstance(status, "", "")));
    }

    private <T> T as(PrivilegedExceptionAction<T> call) throws Exception {
        return user.doAs(call);
    }
}
