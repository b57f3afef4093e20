package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import java.util.List;
import java.util.Optional;

/**
 * Fits the speed model that matches a job's training architecture (Optimus, Peng et al.,
 * EuroSys'18, §3.2) to its progress samples:
 * <ul>
 *   <li>all-reduce: {@link AllReduceSpeedModel}, {@code f(w) = 1 / (theta0/w + theta1 (w-1)/w + theta2 (w-1))};</li>
 *   <li>parameter server, synchronous: {@link SyncPsSpeedModel},
 *       {@code f(p,w) = 1 / (t0 M/w + t1 + t2 w/p + t3 w + t4 p)};</li>
 *   <li>parameter server, asynchronous: {@link AsyncPsSpeedModel},
 *       {@code f(p,w) = w / (t0 + t1 w/p + t2 w + t3 p)}.</li>
 * </ul>
 * Samples without a usable speed ({@link ProgressSample#hasSpeed()}) are skipped. With fewer
 * distinct configurations than the model has coefficients the fit is under-determined and still
 * returned (see each model). Thread-safe: stateless.
 */
public final class SpeedFitter {

    /**
     * @return the fitted model, or empty when no sample has a usable speed (for parameter-server
     *         jobs: a usable speed measured with at least one parameter server)
     */
    public Optional<SpeedModel> fit(JobSpec spec, List<ProgressSample> samples) {
        List<SpeedObservation> observations = SpeedObservation.fromSamples(samples, spec.globalBatchSize());
        if (spec.architecture() == Architecture.ALLREDUCE) {
            return observations.isEmpty() ? Optional.empty() : Optional.of(AllReduceSpeedModel.fit(observations));
        }
        List<SpeedObservation> withPs = SpeedRegression.withParameterServers(observations);
        if (withPs.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(spec.syncMode() == SyncMode.SYNCHRONOUS
                ? SyncPsSpeedModel.fit(withPs, spec.globalBatchSize())
                : AsyncPsSpeedModel.fit(withPs));
    }
}
