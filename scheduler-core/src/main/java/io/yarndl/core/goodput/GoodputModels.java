package io.yarndl.core.goodput;

import io.yarndl.core.job.JobView;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Each job's fitted throughput model per GPU type, kept between rounds so that a round over 1,000
 * jobs does not refit every one: a job's model on a type is refitted when it was measured at a
 * configuration the last fit had not seen, or once it has {@value #REFIT_GROWTH}x the samples the
 * last fit had (more samples of the same configurations move the fit by less than their noise).
 * Its statistical efficiency is read afresh every call, as the noise scale drifts while it trains.
 * Each sample is labelled with the nodes its count spanned when the job held it ({@link HeldSpans}).
 * The models thus depend on the sequence of calls, as Optimus' do: the same sequence gives the same
 * models. Not thread-safe; one round at a time.
 */
public final class GoodputModels {

    /** Sample growth after which a model is refitted on the same configurations. */
    static final double REFIT_GROWTH = 1.25;

    private record Key(String job, String gpuType) {
    }

    private record Entry(List<ThroughputObservation> fittedOn, int fittedSamples, ThroughputParams params) {
    }

    private final ThroughputFitter fitter = new ThroughputFitter();
    private final HeldSpans spans = new HeldSpans();
    private final Map<Key, Entry> entries = new HashMap<>();

    /**
     * The goodput model of {@code job} on {@code gpuType}, fitted to its samples there; empty where it
     * has none there (the caller bootstraps from another type or the prior).
     *
     * @param currentType    the type of the nodes the job holds now, null while it holds none
     * @param workersPerNode how many of its workers one node of {@code gpuType} holds
     */
    public Optional<GoodputModel> measured(JobView job, String gpuType, String currentType, int workersPerNode) {
        spans.record(job, currentType);
        List<ThroughputObservation> observations = MeasuredConfigurations.of(job, gpuType, spans, workersPerNode);
        if (observations.isEmpty()) {
            return Optional.empty();
        }
        Key key = new Key(job.id(), gpuType);
        Entry entry = entries.get(key);
        int samples = observations.stream().mapToInt(ThroughputObservation::samples).sum();
        if (entry == null || !sameConfigurations(entry.fittedOn(), observations)
                || samples >= REFIT_GROWTH * entry.fittedSamples()) {
            entry = new Entry(observations, samples, fitter.fit(observations, job.spec().globalBatchSize()));
            entries.put(key, entry);
        }
        return Optional.of(model(job, entry.params()));
    }

    /** The model of {@code job} measured nowhere: {@link ThroughputFitter#prior}. */
    public GoodputModel prior(JobView job) {
        return model(job, ThroughputFitter.prior(job.spec().globalBatchSize()));
    }

    /** Forgets the jobs not in {@code live}. */
    public void retainOnly(Set<String> live) {
        entries.keySet().removeIf(key -> !live.contains(key.job()));
        spans.retainOnly(live);
    }

    private static GoodputModel model(JobView job, ThroughputParams params) {
        int reference = job.spec().globalBatchSize();
        return new GoodputModel(params, StatisticalEfficiency.of(job.samples(), reference), job.spec().batchLimits());
    }

    private static boolean sameConfigurations(List<ThroughputObservation> fitted, List<ThroughputObservation> now) {
        if (fitted.size() != now.size()) {
            return false;
        }
        for (int i = 0; i < now.size(); i++) {
            ThroughputObservation a = fitted.get(i);
            ThroughputObservation b = now.get(i);
            if (a.nodes() != b.nodes() || a.replicas() != b.replicas() || !a.split().equals(b.split())) {
                return false;
            }
        }
        return true;
    }
}
