package io.yarndl.core.policy;

import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The {@link PlanValidator}'s rules for jobs that share GPUs ({@link JobPlan#sharesGpusOf()}): the
 * driver must allow it, the host must run on GPUs of its own, a host takes one guest, and the
 * guest's GPU tasks sit on exactly the host's GPUs, node by node.
 */
final class SharedGpuCheck {

    private SharedGpuCheck() {
    }

    static void check(Plan plan, Map<String, JobSpec> byId, PlanValidator.GpuSharing sharing) {
        Map<String, String> guestOf = new HashMap<>();
        for (JobPlan guest : plan.jobs().values()) {
            if (!guest.sharesGpus()) {
                continue;
            }
            JobSpec spec = byId.get(guest.jobId());
            String hostId = guest.sharesGpusOf();
            if (sharing == PlanValidator.GpuSharing.REFUSED) {
                throw PlanValidator.job(plan, spec, "GPUs shared with job " + hostId
                        + "; this driver gives each GPU to one job");
            }
            JobPlan host = plan.jobs().get(hostId);
            if (host == null || !host.runs()) {
                throw PlanValidator.job(plan, spec, "GPUs shared with job " + hostId + ", which does not run");
            }
            if (host.sharesGpus()) {
                throw PlanValidator.job(plan, spec, "GPUs shared with job " + hostId + ", which holds none of its own");
            }
            String other = guestOf.put(hostId, guest.jobId());
            if (other != null) {
                throw PlanValidator.job(plan, spec, "GPUs shared with job " + hostId + ", which job " + other
                        + " shares already; a GPU takes two jobs at most");
            }
            sameGpus(plan, spec, guest, byId.get(hostId), host);
        }
    }

    private static void sameGpus(Plan plan, JobSpec guestSpec, JobPlan guest, JobSpec hostSpec, JobPlan host) {
        TreeSet<String> nodes = new TreeSet<>(guest.placement().byNode().keySet());
        nodes.addAll(host.placement().byNode().keySet());
        for (String node : nodes) {
            int mine = gpus(guestSpec, guest.placement().byNode().get(node));
            int hosts = gpus(hostSpec, host.placement().byNode().get(node));
            if (mine != hosts) {
                throw PlanValidator.job(plan, guestSpec, mine + " GPUs on node " + node + " where job "
                        + host.jobId() + ", whose GPUs it shares, holds " + hosts);
            }
        }
    }

    private static int gpus(JobSpec spec, TaskCount count) {
        return count == null ? 0 : spec.demandOf(count).gpus();
    }
}
