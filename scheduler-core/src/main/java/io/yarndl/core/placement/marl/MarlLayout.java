package io.yarndl.core.placement.marl;

import java.util.List;

/**
 * The contract between the {@code marl} placement and its network (version {@value #VERSION}):
 * every decision shows the network one row of {@value #FEATURES} float features per candidate node,
 * and the network answers one score per row; the highest-scoring candidate takes the job's next
 * share. The features encode the topology hierarchically, node, then its rack, then its agent's
 * domain, then the job ({@link #FEATURE_NAMES}, in row order); each is scaled to about [0, 1].
 * A model card names this version; a model of another is refused.
 */
public final class MarlLayout {

    /** The layout's version, which a model card must name. */
    public static final String VERSION = "marl-candidates-v1";

    /** Candidates each agent proposes per decision, at most. */
    public static final int CANDIDATES_PER_AGENT = 4;

    /** Racks per agent: each agent is responsible for this many consecutive racks (by name). */
    public static final int RACKS_PER_AGENT = 2;

    /** The features of a candidate row, in order. */
    public static final List<String> FEATURE_NAMES = List.of(
            "node.freeGpuShare",        // free GPUs on the node (after this job's pending shares) / its GPUs
            "node.fitShare",            // workers that fit there / workers still to place
            "node.holdsJob",            // 1 where this job already has a share this round
            "node.inCurrent",           // 1 where the job runs now
            "node.othersGpuShare",      // GPUs other jobs hold there / its GPUs
            "node.keeps",               // predicted share of its speed the job keeps beside them
            "node.spares",              // predicted share of their speed they keep beside the job
            "rack.holdsJob",            // 1 where the node's rack already holds a share of this job
            "job.firstShare",           // 1 while no share of the job is placed yet
            "rack.freeGpuShare",        // free GPUs in the node's rack / the rack's GPUs
            "rack.jobShare",            // the job's nodes so far in this rack / its nodes so far
            "agent.freeGpuShare",       // free GPUs in the agent's domain / the domain's GPUs
            "agent.meanFitness",        // mean interference fitness of the agent's candidates
            "job.remaining",            // log2(1 + workers still to place) / 6
            "job.workers",              // log2(1 + the job's workers) / 6
            "job.familyKnown");         // 1 where the interference model knows the job's family

    /** Features per candidate row. */
    public static final int FEATURES = 16;

    static {
        if (FEATURE_NAMES.size() != FEATURES) {
            throw new AssertionError("MarlLayout: " + FEATURE_NAMES.size() + " names for " + FEATURES + " features");
        }
    }

    private MarlLayout() {
    }
}
