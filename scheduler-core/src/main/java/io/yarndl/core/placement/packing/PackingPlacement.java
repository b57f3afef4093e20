package io.yarndl.core.placement.packing;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.GpuTypeChoice;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.RestrictedPlacement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * Optimus' packing placement (Peng et al., "Optimus: An Efficient Dynamic Resource Scheduler for
 * Deep Learning Clusters", EuroSys'18, §5.1): put a job on as few nodes as possible, because
 * traffic between its workers and parameter servers that stays inside a node is cheap.
 *
 * <p>The nodes are ordered by free resources, largest first ({@link NodeLedger#byMostFree()}:
 * free GPUs, vcores and memory, each divided by the cluster's total in that dimension, summed;
 * ties in node order). For k = 1, 2, ... the job's p parameter servers and w workers are spread
 * as evenly as possible over k nodes: every node gets {@code floor(p/k)} or {@code ceil(p/k)}
 * servers and {@code floor(w/k)} or {@code ceil(w/k)} workers. The {@code p mod k} extra servers
 * go to the first nodes and the {@code w mod k} extra workers to the nodes right after them
 * (wrapping round), so no node holds more than one task above any other. The first k for which
 * k nodes have room wins. Beyond {@code k = max(p, w)} some node would get no task, so larger k
 * are never tried.
 *
 * <p>One departure from the paper, which uses the first k nodes of the order: each share goes to
 * the next node in the order that has room for it, skipping those that do not. On a cluster of
 * alike nodes running alike jobs the two agree; on a mixed one the paper's rule would let a node
 * large only in vcores and memory, at the front of the order, fail a GPU job that fits behind it,
 * and would make a job that failed fit later once other jobs shrank the front nodes.
 *
 * <p>A job's GPU tasks stay on one GPU type. A request that names a type is packed on that
 * type's nodes; on a cluster of several types, one that names none is packed on the first type it
 * fits, trying the type it runs on now first ({@link GpuTypeChoice}): type-unaware, but never split.
 *
 * <p>Cost per call: one walk down the ledger's order, stopping at the first node too small for
 * one task ({@link CandidateNodes}), and for each k tried one fit check per candidate visited,
 * usually about k. A job whose total demand exceeds the cluster's free total fails in O(1).
 */
public final class PackingPlacement implements RestrictedPlacement {

    public static final String NAME = "packing";

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Packs {@code request} on the nodes {@code eligible} accepts, ignoring the others: the rule
     * above, with other rules (e.g. topology-aware placement, which tries a few racks at a time)
     * choosing where it may look.
     */
    @Override
    public Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        TaskCount tasks = request.tasks();
        int maxNodes = Math.min(ledger.size(), Math.max(tasks.workers(), tasks.ps()));
        // With k <= max(p, w) every node used holds at least one task of the more numerous kind.
        boolean mostlyWorkers = tasks.workers() >= tasks.ps();
        CandidateNodes candidates = new CandidateNodes(ledger,
                mostlyWorkers ? request.workerDemand() : request.psDemand(),
                mostlyWorkers ? tasks.workers() : tasks.ps(), eligible);
        int[] chosen = new int[maxNodes];
        for (int k = 1; k <= maxNodes; k++) {
            if (!candidates.mayHoldAll() || candidates.exhausted() && candidates.count() < k) {
                break;
            }
            if (chooseNodes(k, chosen, candidates, ledger, request)) {
                return Optional.of(reserve(k, chosen, ledger, request));
            }
        }
        return Optional.empty();
    }

    /** Fills {@code chosen[0..k)} with the nodes for k shares; false when the candidates run out first. */
    private static boolean chooseNodes(int k, int[] chosen, CandidateNodes candidates, NodeLedger ledger,
                                       PlacementRequest request) {
        TaskCount tasks = request.tasks();
        // Every share of this k is at least the floor share, so nodes smaller than it end the walk.
        TaskCount floorShare = new TaskCount(tasks.workers() / k, tasks.ps() / k);
        double smallestShareSize = ledger.sizeOf(demandOf(floorShare, request));
        int position = 0;
        TaskCount share = shareAt(0, k, tasks);
        for (int i = 0; ; i++) {
            int node = candidates.get(i);
            if (node < 0 || ledger.freeSize(node) < smallestShareSize) {
                return false;
            }
            if (fits(ledger.free(node), share, request.workerDemand(), request.psDemand())) {
                chosen[position++] = node;
                if (position == k) {
                    return true;
                }
                share = shareAt(position, k, tasks);
            }
        }
    }

    private static Resources demandOf(TaskCount share, PlacementRequest request) {
        return request.workerDemand().times(share.workers()).plus(request.psDemand().times(share.ps()));
    }

    private static Allocation reserve(int k, int[] chosen, NodeLedger ledger, PlacementRequest request) {
        Map<String, TaskCount> byNode = new TreeMap<>();
        for (int position = 0; position < k; position++) {
            byNode.put(ledger.node(chosen[position]).id(), shareAt(position, k, request.tasks()));
        }
        Allocation placement = new Allocation(byNode);
        ledger.reserve(placement, request.workerDemand(), request.psDemand(), request.modelFamily());
        return placement;
    }

    /**
     * The tasks the node at {@code position} of {@code k} gets: the even shares described above,
     * which other rules that choose k nodes (interference-aware placement) share out the same way.
     */
    public static TaskCount shareAt(int position, int k, TaskCount tasks) {
        int extraPs = tasks.ps() % k;
        int ps = tasks.ps() / k + (position < extraPs ? 1 : 0);
        // Extra workers start where extra servers stop, so per-node task counts differ by at most one.
        int afterExtraPs = Math.floorMod(position - extraPs, k);
        int workers = tasks.workers() / k + (afterExtraPs < tasks.workers() % k ? 1 : 0);
        return new TaskCount(workers, ps);
    }

    /** Long arithmetic: many large tasks must not overflow into a false fit. */
    private static boolean fits(Resources free, TaskCount share, Resources workerDemand, Resources psDemand) {
        long w = share.workers();
        long p = share.ps();
        return w * workerDemand.gpus() + p * psDemand.gpus() <= free.gpus()
                && w * workerDemand.vcores() + p * psDemand.vcores() <= free.vcores()
                && w * workerDemand.memoryMb() + p * psDemand.memoryMb() <= free.memoryMb();
    }
}
