package io.yarndl.yarn.admission;

import io.yarndl.core.cluster.Resources;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.job.MalformedRecordException;

import java.util.Collection;
import java.util.Map;

/**
 * Decides at submission whether a {@code DEEP_LEARNING} application can ever run, so that a job
 * that cannot is rejected with a message the client sees instead of waiting forever: it must go to
 * a deep-learning queue, declare its job in {@link DlJobContract#SPEC_ENV}, and its smallest
 * runnable size must fit in the cluster and each of its containers in the largest allocation.
 */
public final class AdmissionCheck {

    private final JobRecordCodec codec = new JobRecordCodec();

    /**
     * @param applicationId  the application, for messages
     * @param amEnvironment  its ApplicationMaster's environment
     * @param queuePath      the full path of the queue it was placed in
     * @param dlQueues       the queues deep-learning jobs may use
     * @param cluster        the cluster's total resources now
     * @param nodes          registered NodeManagers; with none yet (an RM just started) size is not judged
     * @param maxAllocation  the largest container the scheduler grants
     * @param gpusDeclared   whether {@code yarn.io/gpu} is a resource type of this cluster
     */
    public Admission check(String applicationId, Map<String, String> amEnvironment, String queuePath,
                           Collection<String> dlQueues, Resources cluster, int nodes, Resources maxAllocation,
                           boolean gpusDeclared) {
        if (!dlQueues.contains(queuePath)) {
            return new Admission.Rejected(applicationId + " is a " + DlJobContract.APPLICATION_TYPE
                    + " application submitted to queue " + queuePath
                    + "; deep-learning jobs must go to one of the queues in yarn.dl.scheduler.queues: "
                    + String.join(", ", dlQueues));
        }
        String json = amEnvironment == null ? null : amEnvironment.get(DlJobContract.SPEC_ENV);
        if (json == null || json.isBlank()) {
            return new Admission.Rejected(applicationId + " declares no job: its ApplicationMaster environment lacks "
                    + DlJobContract.SPEC_ENV + " (the job description JSON, base64-encoded)");
        }
        JobDescription description;
        try {
            description = codec.specFromJson(DlJobContract.decodeSpec(json));
        } catch (IllegalArgumentException undecodable) {
            return new Admission.Rejected(applicationId + ": " + undecodable.getMessage());
        } catch (MalformedRecordException malformed) {
            return new Admission.Rejected(applicationId + ": bad job description in " + DlJobContract.SPEC_ENV + ": "
                    + malformed.getMessage());
        }
        if (!gpusDeclared && (description.workerDemand().gpus() > 0 || description.psDemand().gpus() > 0)) {
            return new Admission.Rejected(applicationId + " asks for GPUs but this cluster declares no yarn.io/gpu"
                    + " resource type (yarn.resource-types in resource-types.xml)");
        }
        if (!description.workerDemand().fitsIn(maxAllocation) || !description.psDemand().fitsIn(maxAllocation)) {
            return new Admission.Rejected(applicationId + ": one container of " + describe(description.workerDemand())
                    + " (worker) or " + describe(description.psDemand()) + " (parameter server) exceeds the largest"
                    + " allocation the scheduler grants, " + describe(maxAllocation));
        }
        Resources minimum = description.minimumDemand();
        if (nodes > 0 && !minimum.fitsIn(cluster)) {
            return new Admission.Rejected(applicationId + " needs at least " + describe(minimum) + " ("
                    + description.minWorkers() + " workers" + (description.minPs() > 0 ? ", " + description.minPs()
                    + " parameter servers" : "") + ") but the whole cluster has " + describe(cluster));
        }
        return new Admission.Admitted(description);
    }

    private static String describe(Resources resources) {
        return resources.gpus() + " GPUs, " + resources.vcores() + " vcores, " + resources.memoryMb() + " MB";
    }
}
