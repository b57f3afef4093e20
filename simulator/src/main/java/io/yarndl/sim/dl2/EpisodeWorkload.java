package io.yarndl.sim.dl2;

import io.yarndl.core.job.Architecture;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.EpochProfile;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkloadGenerator;
import io.yarndl.sim.workload.WorkloadSpec;
import io.yarndl.sim.engine.SimConfig;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The workloads DL2 is trained and evaluated on, one name each, shared by {@code rollouts} and
 * {@code evaluate} so that a policy is scored on the kind of episode it learned from. All are made
 * by {@link WorkloadGenerator} (Poisson arrivals at the offered load, Gavel's worker-size mix,
 * elastic bounds); they differ in job types and job lengths. {@code ps-synthetic} crosses the other
 * two (DL2's parameter-server types, Gavel's durations) so that a parameter-server policy such as
 * SMD can be judged on long-tailed jobs without the all-reduce types it does not schedule.
 */
public enum EpisodeWorkload {

    /** The standard catalog, Gavel's durations: what {@code sim --trace synthetic} replays. */
    SYNTHETIC("synthetic"),
    /** DL2's 8 parameter-server types only, each job as long as DL2's epochs make it. */
    DL2("dl2"),
    /** DL2's 8 parameter-server types only, Gavel's durations as {@link #SYNTHETIC} has them. */
    PS_SYNTHETIC("ps-synthetic"),
    /** Pollux's own workloads at the loads {@code papers} does not report on, on its cluster ({@link PaperEpisodes#pollux}). */
    POLLUX("pollux"),
    /** Sia's {@code newtrace} workloads, which {@code papers} does not report on, on its cluster ({@link PaperEpisodes#sia}). */
    SIA("sia");

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
            + "  ps-synthetic  dl2's 8 parameter-server types with synthetic's heavy-tailed durations:%n"
            + "             for parameter-server policies (smd) without the all-reduce types.%n"
            + "  pollux     Pollux's workloads at relative loads 0.5, 1.5, 2.0 (not the load-1.0 ones 'papers'%n"
            + "             reports), seed s = file (s-1) mod 24, on Pollux's t4:16x4 at 60 s rounds; --jobs,%n"
            + "             --load and the cluster options do not apply.%n"
            + "  sia        Sia's newtrace workloads (not the Philly and Saturn ones 'papers' reports), the first%n"
            + "             " + PaperEpisodes.SIA_JOBS + " jobs, seed s = file (s-1) mod 10, on Sia's t4:6x4,a100:2x8,rtx:3x8 at 60 s%n"
            + "             rounds; likewise. Both read $YARNDL_DATA (default data/).%n"
            + "  The generated ones: Poisson arrivals at offered load --load; 1/2/4/8 workers requested with%n"
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

    /**
     * The generator's input for {@code jobs} jobs at offered load {@code load} on {@code cluster}.
     *
     * @throws IllegalStateException for {@link #POLLUX} and {@link #SIA}, which are read from files
     */
    public WorkloadSpec spec(ClusterSpec cluster, double load, int jobs, long seed) {
        int gpus = cluster.total().gpus();
        return switch (this) {
            case POLLUX, SIA -> throw new IllegalStateException(label + " is read from the papers' files, not generated");
            case SYNTHETIC -> WorkloadSpec.of(JobTypeCatalog.standard(), jobs, load, gpus, seed);
            case DL2 -> {
                Map<String, EpochProfile> epochs = dl2TypesWithEpochs();
                yield WorkloadSpec.of(typesNamed(epochs.keySet()), jobs, load, gpus, seed).withEpochLengths(epochs);
            }
            case PS_SYNTHETIC -> WorkloadSpec.of(typesNamed(dl2TypesWithEpochs().keySet()), jobs, load, gpus, seed);
        };
    }

    /**
     * DL2's types, by name in the catalog's order, with their epoch data: exactly the
     * parameter-server types the catalog has DL2 epoch data for.
     */
    private static Map<String, EpochProfile> dl2TypesWithEpochs() {
        JobTypeCatalog catalog = JobTypeCatalog.standardCatalog();
        Map<String, EpochProfile> epochs = new LinkedHashMap<>();
        for (JobType type : catalog.types()) {
            Optional<EpochProfile> profile = catalog.epochProfile(type.name());
            if (profile.isPresent() && type.architecture() == Architecture.PARAMETER_SERVER) {
                epochs.put(type.name(), profile.get());
            }
        }
        if (epochs.isEmpty()) {
            throw new IllegalStateException("the job-type catalog has no DL2 parameter-server types with epoch data");
        }
        return epochs;
    }

    private static List<JobType> typesNamed(Set<String> names) {
        return JobTypeCatalog.standard().stream().filter(type -> names.contains(type.name())).toList();
    }

    /**
     * The jobs of one episode, in arrival order; the same arguments give the same jobs. {@link #POLLUX}
     * and {@link #SIA} read their seed's file and ignore the other arguments.
     */
    public List<TraceJob> jobs(ClusterSpec cluster, double load, int jobs, long seed) {
        return switch (this) {
            case POLLUX -> PaperEpisodes.pollux(dataDir()).jobs(seed);
            case SIA -> PaperEpisodes.sia(dataDir()).jobs(seed);
            default -> WorkloadGenerator.generate(spec(cluster, load, jobs, seed));
        };
    }

    /** The cluster its episodes run on: the paper's for {@link #POLLUX} and {@link #SIA}, else {@code given}. */
    public ClusterSpec cluster(ClusterSpec given) {
        return switch (this) {
            case POLLUX -> PaperEpisodes.pollux(dataDir()).suite().cluster();
            case SIA -> PaperEpisodes.sia(dataDir()).suite().cluster();
            default -> given;
        };
    }

    /** The simulator's settings for workload seed {@code seed}: the papers' 60 s rounds for theirs, else the defaults. */
    public SimConfig config(long seed) {
        SimConfig defaults = SimConfig.defaults(seed);
        return this == POLLUX || this == SIA ? defaults.withInterval(PaperEpisodes.INTERVAL_SEC) : defaults;
    }

    /** The measured data: {@code $YARNDL_DATA}, as {@code bin/yarn-dl} sets it, else {@code data}. */
    private static Path dataDir() {
        String env = System.getenv("YARNDL_DATA");
        return Path.of(env == null || env.isBlank() ? "data" : env);
    }
}
