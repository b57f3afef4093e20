package io.yarndl.sim.workload.sia;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.sim.workload.GpuTypeNames;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleFunction;

/**
 * The batch size and gradient accumulation a job of one application picks for an allocation: the
 * search of Pollux's job-side agent ({@code goodput.py}, {@code GoodputFunction.optimize} with
 * accumulation, then {@code simulator.py}'s {@code update_local_bsz} clamp), run on the TRUE
 * goodput (measured step times, the validation curves' statistical efficiency) instead of the
 * agent's fitted model: an oracle of the agent. With {@code r} replicas on GPUs of type g, during
 * epoch e, among 50 global batches {@code B} spaced geometrically from
 * {@code max(min, minLocal_g r)} to {@code max}:
 * <pre>  local  = B / r
 *  accum  = ceil(local / maxLocal_g) - 1,  at least 1 when r = 1 and local > M_init
 *  atomic = ceil(local / (accum + 1)),      valid when minLocal_g <= atomic <= maxLocal_g
 *  B'     = r atomic (accum + 1)
 *  (step, sync) = T_g(nodes, r, atomic);   time = step + accum (step - sync)
 *  goodput = gain(B', e) / time             initial-batch steps of progress per second</pre>
 * it takes the valid batch of most goodput (the smallest candidate when none is valid), then caps
 * atomic at {@code floor(max / (r (accum + 1)))}. {@code minLocal_g} is the smallest local batch
 * measured on g, {@code maxLocal_g} the largest (or the cap set by hand, {@link ProfileSource}).
 * Choices are cached per GPU type, shape, epoch and limits. Thread-safe.
 */
final class BatchOracle {

    /** Candidate batches per search, as Pollux's {@code np.geomspace} default. */
    static final int CANDIDATES = 50;
    private static final double EPS = 1e-8;

    /** One choice, in the application's own units: {@code gain} initial-batch steps per step. */
    record Choice(int batch, int atomic, int accum, double stepSeconds, double gain) {
    }

    private record Key(String gpuType, int workers, int nodes, String placement, int epoch, BatchLimits limits) {
    }

    private final SiaApplication app;
    private final Map<Key, Choice> cache = new ConcurrentHashMap<>();

    BatchOracle(SiaApplication app) {
        this.app = app;
    }

    /**
     * The choice with {@code workers} on {@code nodes} of {@code gpuType} during {@code epoch};
     * at the measured placement {@code placement} ({@code "13"}) where it is not empty and was measured.
     *
     * @throws IllegalArgumentException for a GPU type the application was not measured on
     */
    Choice choose(int workers, int nodes, String placement, String gpuType, int epoch, BatchLimits limits) {
        String type = GpuTypeNames.canonical(gpuType);
        StepTimes times = app.stepTimes().get(type);
        if (times == null) {
            throw new IllegalArgumentException(app.measuredBy() + " measured " + app.name() + " on "
                    + String.join(", ", app.stepTimes().keySet()) + " only, not on GPU type " + gpuType);
        }
        int spanned = Math.max(1, Math.min(nodes, workers));
        return cache.computeIfAbsent(new Key(type, workers, spanned, placement, epoch, limits), k -> {
            DoubleFunction<StepTimes.Time> timeAt = atomic -> times.at(spanned, workers, atomic);
            if (!placement.isEmpty() && times.atPlacement(placement, times.minLocalBatch()).isPresent()) {
                timeAt = atomic -> times.atPlacement(placement, atomic).orElseThrow();
            }
            return search(workers, times.minLocalBatch(), app.maxLocalByGpuType().get(type), epoch, limits, timeAt);
        });
    }

    private Choice search(int workers, double minLocal, double maxLocal, int epoch, BatchLimits limits,
                          DoubleFunction<StepTimes.Time> timeAt) {
        ValidationCurves curves = app.validation();
        double lo = Math.min(limits.max(), Math.max(limits.min(), minLocal * workers));
        double hi = limits.max();
        Choice best = null;
        double bestGoodput = -1;
        Choice first = null;
        for (int i = 0; i < CANDIDATES; i++) {
            double batch = lo * Math.pow(hi / lo, (double) i / (CANDIDATES - 1));
            double local = batch / workers;
            int accum = (int) Math.ceil(local / maxLocal - EPS) - 1;
            if (workers == 1 && local > curves.initBatch() + EPS) {
                // Pollux: one replica accumulates at least once, or its gradient statistics come from one micro-batch.
                accum = Math.max(accum, 1);
            }
            accum = Math.max(0, accum);
            int atomic = (int) Math.ceil(local / (accum + 1) - EPS);
            Choice choice = evaluate(workers, atomic, accum, epoch, timeAt);
            first = first == null ? choice : first;
            double goodput = choice.gain() / choice.stepSeconds();
            if (atomic >= minLocal && atomic <= maxLocal && goodput > bestGoodput) {
                best = choice;
                bestGoodput = goodput;
            }
        }
        Choice chosen = best != null ? best : first;
        int count = workers * (chosen.accum() + 1);
        int capped = Math.max(1, Math.min(chosen.atomic(), limits.max() / count));
        return capped == chosen.atomic() ? chosen : evaluate(workers, capped, chosen.accum(), epoch, timeAt);
    }

    private Choice evaluate(int workers, int atomic, int accum, int epoch, DoubleFunction<StepTimes.Time> timeAt) {
        StepTimes.Time t = timeAt.apply(atomic);
        int batch = workers * atomic * (accum + 1);
        double seconds = t.step() + accum * t.compute();
        return new Choice(batch, atomic, accum, seconds, app.validation().gain(batch, epoch));
    }
}
