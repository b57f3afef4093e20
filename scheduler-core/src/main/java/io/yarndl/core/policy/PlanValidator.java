package io.yarndl.core.policy;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The one check every plan passes before it is put in force, in the simulator and in the
 * ResourceManager alike: a plan must decide for every job it was given and for no other, keep each
 * running job within its [min, max] workers and parameter servers, place every task it runs, and
 * place them only on nodes of the snapshot, none of them beyond the room the snapshot offers there,
 * and, where the snapshot limits queues ({@link ClusterSnapshot#queueRooms()}), keep each queue's
 * jobs together within that queue's room: CapacityScheduler grants no more. A job's tasks that use
 * GPUs must all sit on nodes of one GPU type ({@link Node#acceleratorType()}): its workers step in
 * lock-step, so a mixed job runs at its slowest type's pace and wastes the faster GPUs (as in Gavel,
 * a job runs on one type at a time).
 *
 * <p>Two jobs may share GPUs (Gavel's space sharing, {@link JobPlan#sharesGpusOf()}) only where the
 * driver runs two jobs on one GPU, which it says with {@link GpuSharing#ALLOWED}: the simulator
 * does, the ResourceManager does not (YARN gives each GPU to one container). A sharing job must sit
 * on exactly the GPUs its host holds (the same GPUs on every node), its host must run and hold its
 * own GPUs, and a host takes one guest; the guest's CPUs and memory count, its GPUs do not again.
 *
 * <p>Both drivers call it with the snapshot the policy planned on: a plan refused here is a policy
 * bug (or a snapshot the policy misread), so the simulator stops with the exception and the live
 * scheduler keeps its last good plan and counts the refusal.
 */
public final class PlanValidator {

    /** Whether the driver can run two jobs on one GPU. */
    public enum GpuSharing {
        /** Each GPU belongs to one job: a plan that shares one is refused (the ResourceManager). */
        REFUSED,
        /** Two jobs may share GPUs as {@link JobPlan#sharesGpusOf()} says (the simulator). */
        ALLOWED
    }

    private PlanValidator() {
    }

    /** Checks a plan for a driver that gives each GPU to one job: {@link GpuSharing#REFUSED}. */
    public static void check(Plan plan, ClusterSnapshot snapshot, Collection<JobSpec> jobs) {
        check(plan, snapshot, jobs, GpuSharing.REFUSED);
    }

    /**
     * Checks {@code plan}, made on {@code snapshot} for {@code jobs}.
     *
     * @throws InvalidPlanException naming the policy and the first job or node at fault
     */
    public static void check(Plan plan, ClusterSnapshot snapshot, Collection<JobSpec> jobs, GpuSharing sharing) {
        Map<String, JobSpec> byId = new HashMap<>();
        for (JobSpec spec : jobs) {
            byId.put(spec.id(), spec);
        }
        for (String planned : plan.jobs().keySet()) {
            if (!byId.containsKey(planned)) {
                throw new InvalidPlanException(plan.policy(), "planned job " + planned + ", which it was not given");
            }
        }
        // Sorted so that the node named in a refusal does not depend on hash order.
        Map<String, Resources> used = new TreeMap<>();
        Map<String, Resources> usedByQueue = new TreeMap<>();
        for (JobSpec spec : jobs) {
            JobPlan decision = plan.jobs().get(spec.id());
            if (decision == null) {
                throw new InvalidPlanException(plan.policy(), "decided nothing for job " + spec.id());
            }
            if (decision.runs()) {
                checkSizes(plan, spec, decision);
                for (Map.Entry<String, TaskCount> entry : decision.placement().byNode().entrySet()) {
                    Resources demand = spec.demandOf(entry.getValue());
                    // A guest's GPUs are its host's, counted once with the host's.
                    demand = decision.sharesGpus() ? demand.withoutGpus() : demand;
                    used.merge(entry.getKey(), demand, Resources::plus);
                    usedByQueue.merge(spec.queue(), demand, Resources::plus);
                }
            }
        }
        SharedGpuCheck.check(plan, byId, sharing);
        Map<String, Node> nodes = snapshot.nodesById();
        for (JobSpec spec : jobs) {
            checkOneGpuType(plan, spec, plan.jobs().get(spec.id()), nodes);
        }
        used.forEach((nodeId, demand) -> {
            Node node = nodes.get(nodeId);
            if (node == null) {
                throw new InvalidPlanException(plan.policy(), "placed tasks on node " + nodeId
                        + ", which is not in the snapshot");
            }
            if (!demand.fitsIn(node.available())) {
                throw new InvalidPlanException(plan.policy(), "over-committed node " + nodeId + ": " + demand
                        + " planned, " + node.available() + " available");
            }
        });
        if (snapshot.limitsQueues()) {
            usedByQueue.forEach((queue, demand) -> {
                Resources room = snapshot.queueRooms().get(queue);
                if (room == null) {
                    throw new InvalidPlanException(plan.policy(), "ran jobs of queue " + queue
                            + ", which the snapshot gives no room");
                }
                if (!demand.fitsIn(room)) {
                    throw new InvalidPlanException(plan.policy(), "planned " + demand + " for queue " + queue
                            + ", beyond its room " + room);
                }
            });
        }
    }

    private static void checkOneGpuType(Plan plan, JobSpec spec, JobPlan decision, Map<String, Node> nodes) {
        Set<String> types = new TreeSet<>();
        for (Map.Entry<String, TaskCount> entry : decision.placement().byNode().entrySet()) {
            Node node = nodes.get(entry.getKey());
            if (node != null && spec.demandOf(entry.getValue()).gpus() > 0) {
                types.add(node.acceleratorType());
            }
        }
        if (types.size() > 1) {
            throw job(plan, spec, "GPU tasks on nodes of " + types.size() + " GPU types " + types
                    + "; a job's GPU tasks must share one type");
        }
    }

    private static void checkSizes(Plan plan, JobSpec spec, JobPlan decision) {
        if (decision.placement().isEmpty()) {
            throw job(plan, spec, "runs " + decision.workers() + " workers but names no nodes");
        }
        if (decision.workers() < spec.minWorkers() || decision.workers() > spec.maxWorkers()) {
            throw job(plan, spec, decision.workers() + " workers, outside [" + spec.minWorkers() + ", "
                    + spec.maxWorkers() + "]");
        }
        if (decision.ps() < spec.minPs() || decision.ps() > spec.maxPs()) {
            throw job(plan, spec, decision.ps() + " parameter servers, outside [" + spec.minPs() + ", "
                    + spec.maxPs() + "]");
        }
    }

    static InvalidPlanException job(Plan plan, JobSpec spec, String what) {
        return new InvalidPlanException(plan.policy(), "planned job " + spec.id() + " with " + what);
    }
}
