package io.yarndl.core.policy.sia;

import io.yarndl.core.goodput.GoodputModel;
import io.yarndl.core.goodput.GoodputModels;
import io.yarndl.core.goodput.MeasuredConfigurations;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.pollux.GpuPool;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A job's goodput model on each GPU type, as Sia bootstraps them (SOSP'23, section 4): on a type
 * it has run on, its own model fitted to its samples there; on another, the model of the type it
 * ran on last (measured there even where this snapshot has no such nodes), its throughput scaled by the ratio of one-GPU throughputs of its
 * model family on the two types ({@link TypeRatios}, 1 where no profile knows it); before it has
 * run anywhere, the optimistic prior scaled the same way. A type where a profile says the family
 * does not run (0) gets no model. Each model says where it came from, for the plan's reasons.
 *
 * @param models  per pool, the model, or null where the job cannot run
 * @param sources per pool, {@code measured}, {@code from <type>} or {@code prior}
 */
record TypeModels(GoodputModel[] models, String[] sources) {

    static TypeModels of(JobView job, List<GpuPool> pools, String heldType, GoodputModels fitted, TypeRatios ratios) {
        int k = pools.size();
        int perNode = 1;
        GoodputModel[] measured = new GoodputModel[k];
        for (int i = 0; i < k; i++) {
            GpuPool pool = pools.get(i);
            int poolPerNode = pool.workersPerNode(job.spec().workerDemand());
            perNode = Math.max(perNode, poolPerNode);
            measured[i] = fitted.measured(job, pool.gpuType(), heldType, poolPerNode).orElse(null);
        }
        // The type it ran on last, even one this snapshot lacks (a queue's nodes, a drained type).
        String newest = MeasuredConfigurations.newestType(job.samples(), null);
        int basePerNode = perNode;
        String baseType = newest;
        GoodputModel base = newest == null ? null : measuredOn(newest, pools, measured)
                .orElseGet(() -> fitted.measured(job, newest, heldType, basePerNode).orElse(null));
        boolean fromSamples = base != null;
        if (!fromSamples) {
            base = fitted.prior(job);
            baseType = null;
        }
        String family = job.spec().modelFamily();
        GoodputModel[] models = new GoodputModel[k];
        String[] sources = new String[k];
        for (int i = 0; i < k; i++) {
            String type = pools.get(i).gpuType();
            if (!ratios.runs(family, type)) {
                continue;
            }
            if (measured[i] != null) {
                models[i] = measured[i];
                sources[i] = "measured";
                continue;
            }
            models[i] = base.scaled(ratio(ratios, family, type, baseType != null ? baseType : pools.get(0).gpuType()));
            sources[i] = fromSamples ? "from " + baseType : "prior";
        }
        return new TypeModels(models, sources);
    }

    private static java.util.Optional<GoodputModel> measuredOn(String type, List<GpuPool> pools, GoodputModel[] measured) {
        for (int i = 0; i < pools.size(); i++) {
            if (pools.get(i).gpuType().equals(type) && measured[i] != null) {
                return java.util.Optional.of(measured[i]);
            }
        }
        return java.util.Optional.empty();
    }

    /** One GPU of {@code to} over one of {@code from}: the profile's, 1 where none knows both (or it says 0). */
    private static double ratio(TypeRatios ratios, String family, String to, String from) {
        if (to.equals(from)) {
            return 1.0;
        }
        OptionalDouble ratio = ratios.ratio(family, to, from);
        return ratio.isPresent() && ratio.getAsDouble() > 0 ? ratio.getAsDouble() : 1.0;
    }
}
