package io.yarndl.sim.dl2;

import io.yarndl.core.job.Architecture;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.EpochProfile;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkloadGenerator;
import io.yarndl.sim.workload.WorkloadSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The workloads DL2 is trained and evaluated on, one name each, shared by {@code rollouts} and
 * {@code evaluate} so that a policy is scored on the kind of episode it learned from. Both are made
 * by {@link WorkloadGenerator} (Poisson arrivals at the offered load, Gavel's worker-size mix,
 * elastic bounds); they differ in job types and job lengths.
 */
public enum EpisodeWorkload {

    /** The standard catalog, Gavel's durations: what {@code sim --trace synthetic} replays. */
    SYNTHETIC("synthetic"),
    /** DL2's 8 parameter-server types only, each job as long as DL2's epochs make it. */
    DL2("dl2");

    /** Jobs per episode unless told: DL2's 40 slots, so a well-kept cluster rarely has backlog. */
    public static final int DEFAULT_JOBS = 40;
    /** Offered load unless told: the cluster would be just busy at every job's requested size. */
    public static final double DEFAULT_LOAD = 1.0;

    /** What each name means, for the commands' --help (picocli turns {@code %n} into line breaks). */
    public static final String HELP =
            "  synthetic  the standard job mix (DL2's 8 parameter-server types and 3 all-reduce types%n"
            + "             from Pollux's measurements), Gavel's heavy-tailed durations (32 min to 7 days,%n"
            + "             mean 16.8 h alone at the requested size): what 'sim --trace synthetic' replays.%n"
            + "  dl2        a workload built from DL2's measured speeds: only DL2's 8 parameter-server%n"
            + "             types, each job as long as DL2's own simulator makes it: "
            + EpochProfile.DL2_MAX_EPOCHS + " epochs x its%n"
            + "             type's fraction (0.05 to 0.96) x steps per epoch, +-10%%.%n"
            + "  Both: Poisson arrivals at offered load --load; 1/2/4/8 workers requested with%n"
            + "  probabilities 0.70/0.10/0.15/0.05; the workload seed decides everything.";

    private final String label;

    EpisodeWorkload(String label) {
        this.label = label;
    }

    /** The name users type. */
    public String label() {
        return label;
    }

    /**
     * The workload called {@code name}.
     *
     * @throws IllegalArgumentException naming the known workloads
     */
    public static EpisodeWorkload named(String name) {
        for (EpisodeWorkload workload : values()) {
            if (workload.label.equals(name.trim())) {
                return workload;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + name + "'; known workloads: "
                + String.join(", ", Arrays.stream(values()).map(EpisodeWorkload::label).toList()));
    }

    /** The generator's input for {@code jobs} jobs at offered load {@code load} on {@code cluster}. */
    public WorkloadSpec spec(ClusterSpec cluster, double load, int jobs, long seed) {
        if (this == SYNTHETIC) {
            return WorkloadSpec.of(JobTypeCatalog.standard(), jobs, load, cluster.total().gpus(), seed);
        }
        JobTypeCatalog catalog = JobTypeCatalog.standardCatalog();
        List<JobType> types = new ArrayList<>();
        Map<String, EpochProfile> epochs = new LinkedHashMap<>();
        for (JobType type : catalog.types()) {
            // DL2's types are exactly those the catalog has DL2 epoch data for.
            Optional<EpochProfile> profile = catalog.epochProfile(type.name());
            if (profile.isPresent() && type.architecture() == Architecture.PARAMETER_SERVER) {
                types.add(type);
                epochs.put(type.name(), profile.get());
            }
        }
        if (types.isEmpty()) {
            throw new IllegalStateException("the job-type catalog has no DL2 parameter-server types with epoch data");
        }
        return WorkloadSpec.of(types, jobs, load, cluster.total().gpus(), seed).withEpochLengths(epochs);
    }

    /** The jobs of one episode, in arrival order; the same arguments give the same jobs. */
    public List<TraceJob> jobs(ClusterSpec cluster, double load, int jobs, long seed) {
        return WorkloadGenerator.generate(spec(cluster, load, jobs, seed));
    }
}
