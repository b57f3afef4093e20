package io.yarndl.scale.rm;

import java.util.function.Consumer;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.amlauncher.AMLauncherEvent;
import org.apache.hadoop.yarn.server.resourcemanager.amlauncher.AMLauncherEventType;
import org.apache.hadoop.yarn.server.resourcemanager.amlauncher.ApplicationMasterLauncher;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttempt;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttemptEvent;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttemptEventType;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttemptImpl;

/**
 * Launches an ApplicationMaster the way the harness's AMs live: in this JVM. On {@code LAUNCH} it
 * creates the attempt's AMRM token, tells the simulated NodeManager holding the AM container that the container runs, and reports
 * the attempt {@code LAUNCHED}, as the real launcher does once the NodeManager accepted the
 * container; {@code CLEANUP} needs nothing, since the simulated AM stops by itself. No launcher
 * thread or RPC client is started.
 */
final class InstantAmLauncher extends ApplicationMasterLauncher {

    private final Consumer<Container> amContainerStarted;

    InstantAmLauncher(RMContext context, Consumer<Container> amContainerStarted) {
        super(context);
        this.amContainerStarted = amContainerStarted;
    }

    @Override
    protected void serviceStart() {
        // No launcher thread: handle() does the work inline.
    }

    @Override
    protected void serviceStop() {
    }

    @Override
    public synchronized void handle(AMLauncherEvent event) {
        if (event.getType() != AMLauncherEventType.LAUNCH) {
            return;
        }
        RMAppAttempt attempt = event.getAppAttempt();
        // What the real launcher does while it builds the AM's launch context: the AM's token.
        ((RMAppAttemptImpl) attempt).setAMRMToken(
                context.getAMRMTokenSecretManager().createAndGetAMRMToken(attempt.getAppAttemptId()));
        amContainerStarted.accept(attempt.getMasterContainer());
        context.getDispatcher().getEventHandler().handle(
                new RMAppAttemptEvent(attempt.getAppAttemptId(), RMAppAttemptEventType.LAUNCHED));
    }
}
