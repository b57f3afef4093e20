package io.yarndl.yarn;

import io.yarndl.yarn.access.AppSecretCheck;
import io.yarndl.yarn.admission.Admission;
import io.yarndl.yarn.admission.AdmissionCheck;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.yarn.recovery.ZooKeeperState;
import io.yarndl.yarn.round.YarnResources;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppEvent;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppEventType;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.AppAddedSchedulerEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;

/**
 * Admits {@code DEEP_LEARNING} submissions into the scheduler's DL applications, or rejects them
 * with a message the user sees in {@code yarn application -status}: a job that could never run
 * here (no GPU type, a bad description, a queue that is not a DL queue, a missing secret) fails at
 * submission, not hours later. Recovering applications are never rejected: they ran before.
 */
final class DlAdmissions {

    private static final Logger LOG = LoggerFactory.getLogger(DlAdmissions.class);

    private final CapacityScheduler scheduler;
    private final SchedulerSettings settings;
    private final Map<ApplicationId, DlApplication> admitted;
    private final ZooKeeperState zooKeeper;
    private final AdmissionCheck admissionCheck = new AdmissionCheck();
    private final AppSecretCheck secretCheck;

    DlAdmissions(CapacityScheduler scheduler, SchedulerSettings settings, Map<ApplicationId, DlApplication> admitted,
                 ZooKeeperState zooKeeper) {
        this.scheduler = scheduler;
        this.settings = settings;
        this.admitted = admitted;
        this.zooKeeper = zooKeeper;
        this.secretCheck = new AppSecretCheck(settings.appSecretRequired());
    }

    /** Admits a DL submission or rejects it with a message; other applications pass. False when rejected. */
    boolean admit(AppAddedSchedulerEvent event) {
        ApplicationId id = event.getApplicationId();
        RMApp app = scheduler.getRMContext().getRMApps().get(id);
        if (app == null || !DlJobContract.APPLICATION_TYPE.equals(app.getApplicationType())) {
            return true;
        }
        CSQueue queue = scheduler.getQueue(event.getQueue());
        if (queue == null) {
            return true; // CapacityScheduler rejects unknown queues with its own message
        }
        Map<String, String> environment = app.getApplicationSubmissionContext().getAMContainerSpec() == null ? Map.of()
                : app.getApplicationSubmissionContext().getAMContainerSpec().getEnvironment();
        Admission verdict = admissionCheck.check(id.toString(), environment, queue.getQueuePath(), settings.queues(),
                YarnResources.toCore(scheduler.getClusterResource()), scheduler.getNumClusterNodes(),
                YarnResources.toCore(scheduler.getMaximumResourceCapability()), YarnResources.gpuTypeDeclared());
        if (verdict instanceof Admission.Rejected rejected && !event.getIsAppRecovering()) {
            return reject(id, rejected.message());
        }
        AppSecretCheck.Verdict secret = secretCheck.check(id.toString(),
                app.getApplicationSubmissionContext().getAMContainerSpec());
        if (secret instanceof AppSecretCheck.Refused refused && !event.getIsAppRecovering()) {
            return reject(id, refused.message());
        }
        if (verdict instanceof Admission.Admitted accepted) {
            admitted.put(id, new DlApplication(id, accepted.description(), queue.getQueuePath(), app.getUser(),
                    app.getSubmitTime()));
            Optional<String> appSecret = Optional.empty();
            if (secret instanceof AppSecretCheck.Granted granted) {
                granted.warning().ifPresent(LOG::warn);
                appSecret = granted.secret();
            }
            zooKeeper.jobNodes().create(id.toString(), appSecret);
            LOG.info("{} admitted as a deep-learning job in {}", id, queue.getQueuePath());
        }
        return true;
    }

    private boolean reject(ApplicationId id, String message) {
        LOG.warn("rejecting {}: {}", id, message);
        scheduler.getRMContext().getDispatcher().getEventHandler()
                .handle(new RMAppEvent(id, RMAppEventType.APP_REJECTED, message));
        return false;
    }
}
