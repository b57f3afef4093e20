package io.yarndl.sim.workload.gavel;

import io.yarndl.sim.workload.TraceJob;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * Gavel's continuous workload generator (OSDI'20; stanford-futuredata/gavel, {@code scheduler/utils.py}
 * {@code generate_job}, {@code _generate_scale_factor}, {@code _generate_duration}, driven by
 * {@code Scheduler.simulate(lam=...)} in {@code scheduler/scheduler.py} as
 * {@code scripts/sweeps/run_sweep_continuous.py} runs it), reproduced in distribution, not in
 * Python's random stream:
 * <ul>
 *   <li><b>Arrivals</b>: the first job at 0 s, then a Poisson process: gaps exponential with mean
 *       {@code lamSec} ({@code -ln(1 - u) * lam}); {@code lam = 0} puts every job at 0 s. Gavel's
 *       sweeps set {@code lam = 3600 / jobs per hour}.</li>
 *   <li><b>Scale factor</b> (GPUs), with {@code multiGpu} (Gavel's {@code --generate-multi-gpu-jobs}):
 *       1 with probability 0.70, 2 with 0.10, 4 with 0.15, 8 with 0.05 ("the Philly
 *       distribution"); without it every job has scale factor 1.</li>
 *   <li><b>Job type</b>: uniform over the models Gavel measured at that scale factor: all 26 of
 *       its job table at scale factor 1 (ResNet-18 at batch 16 to 256, ResNet-50 at 16 to 128,
 *       Transformer at 16 to 256, LM at 5 to 80, Recommendation at 512 to 8192, A3C, CycleGAN),
 *       the 19 distributed ones (ResNet-18, ResNet-50, Transformer, LM) above it. Gavel draws a
 *       template uniformly and redraws until it may run at the scale factor: the same law.</li>
 *   <li><b>Duration</b> (seconds alone on the reference GPU): with probability 0.8,
 *       {@code 60 * 10^U(1.5, 3)} (about 32 minutes to 16.7 hours, log-uniform), otherwise
 *       {@code 60 * 10^U(3, 4)} (16.7 to 167 hours).</li>
 *   <li><b>Steps</b>: duration times the type's isolated steps/s on
 *       {@link GavelJobTypes#REFERENCE_GPU_TYPE} (Gavel's {@code reference_worker_type='v100'}),
 *       rounded, at least 1: alone on V100s the job runs for its duration.</li>
 * </ul>
 * Gavel's optional priorities (20% of jobs at weight 5) and SLOs are not generated: no simulator
 * job carries them yet. Jobs are {@code gavel-NNNNN}, each its own user, as in
 * {@link io.yarndl.sim.trace.GavelTraceReader}. The same seed gives the same jobs; arrivals and
 * jobs draw from separate streams, as Gavel's interarrival and job generators do.
 */
public final class GavelContinuousWorkload {

    /** What to generate. */
    public record Spec(int jobs, double lamSec, long seed, boolean multiGpu) {
        public Spec {
            if (jobs < 1) {
                throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
            }
            if (!(lamSec >= 0) || Double.isInfinite(lamSec)) {
                throw new IllegalArgumentException("lam must be a finite number of seconds >= 0, got " + lamSec);
            }
        }
    }

    private final GavelJobTypes types;
    private final Spec spec;
    private final Map<Integer, List<GavelJobKey>> byScaleFactor = new LinkedHashMap<>();

    public GavelContinuousWorkload(GavelJobTypes types, Spec spec) {
        this.types = types;
        this.spec = spec;
        for (int scale : new int[] {1, 2, 4, 8}) {
            List<GavelJobKey> keys = types.throughputs().jobTypes().stream().filter(k -> k.scaleFactor() == scale).toList();
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("Gavel's throughputs have no job type at scale factor " + scale);
            }
            byScaleFactor.put(scale, keys);
        }
    }

    /** The scale factor for a uniform draw {@code u} in [0, 1), by Gavel's thresholds (its ties included). */
    static int scaleFactor(double u) {
        if (u > 0.95) {
            return 8;
        }
        if (u > 0.8) {
            return 4;
        }
        return u >= 0.7 ? 2 : 1;
    }

    /** The duration in seconds for uniform draws {@code pick} and {@code u} in [0, 1). */
    static double durationSec(double pick, double u) {
        return pick >= 0.8 ? 60 * Math.pow(10, 3 + u) : 60 * Math.pow(10, 1.5 + 1.5 * u);
    }

    /** The jobs, generated as the iterator reaches them. */
    public Iterator<TraceJob> iterator() {
        SplittableRandom root = new SplittableRandom(spec.seed());
        SplittableRandom jobRandom = root.split();
        SplittableRandom arrivalRandom = root.split();
        return new Iterator<>() {
            private int made;
            private double clock;

            @Override
            public boolean hasNext() {
                return made < spec.jobs();
            }

            @Override
            public TraceJob next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (made > 0 && spec.lamSec() > 0) {
                    clock += -Math.log(1 - arrivalRandom.nextDouble()) * spec.lamSec();
                }
                int scale = spec.multiGpu() ? scaleFactor(jobRandom.nextDouble()) : 1;
                double duration = durationSec(jobRandom.nextDouble(), jobRandom.nextDouble());
                List<GavelJobKey> candidates = byScaleFactor.get(scale);
                GavelJobKey key = candidates.get(jobRandom.nextInt(candidates.size()));
                long steps = Math.max(1, Math.round(duration * types.referenceStepsPerSecond(key)));
                String id = String.format(Locale.ROOT, "gavel-%05d", made++);
                return new TraceJob(id, clock, id, types.type(key.model(), scale), scale, 0, scale, scale, 0, 0, steps);
            }
        };
    }

    /** All the jobs at once. */
    public List<TraceJob> generate() {
        List<TraceJob> jobs = new ArrayList<>(spec.jobs());
        iterator().forEachRemaining(jobs::add);
        return jobs;
    }
}
