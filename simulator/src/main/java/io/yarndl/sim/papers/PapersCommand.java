package io.yarndl.sim.papers;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.sim.cli.Dl2ModelOption;
import io.yarndl.sim.cli.GoodputOptions;
import io.yarndl.sim.cli.JsonOutputOption;
import io.yarndl.sim.cli.PolicyNames;
import io.yarndl.sim.cli.PolluxPolicyOptions;
import io.yarndl.sim.cli.SiaPolicyOptions;
import io.yarndl.sim.cli.SmdOptions;
import io.yarndl.sim.cli.ThreadsOption;
import io.yarndl.sim.dl2.Dl2FallbackWarning;
import io.yarndl.sim.engine.SimConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import io.yarndl.sim.cli.ResizeOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl papers}: Pollux's and Sia's own workloads on their clusters under every policy,
 * each cell run as {@code yarn-dl sim} runs it, then per suite a table of the means over its
 * workloads beside the figures the papers published for the same workloads, and whether the
 * best policy reaches issue 21's goal.
 */
@Command(name = "papers", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100,
        mixinStandardHelpOptions = true, optionListHeading = "%nOptions:%n",
        description = {
            "Replays the workloads Pollux (OSDI'21) and Sia (SOSP'23) were evaluated on, on their clusters at",
            "their 60 s rounds, under each policy, and prints per suite a markdown table: per policy the mean",
            "over the suite's workloads of the average JCT, the p99 JCT and the makespan (hours), the avg",
            "JCT over optimus's, and the mean resizes; below it the papers' published figures for the same",
            "workloads (shipped with their sources), and whether the best policy reaches the goal: an avg",
            "JCT at or below Pollux's published figure on Pollux's workloads and Sia's on Sia's, and at",
            "least 30%% below optimus's.",
            "",
            "Suites (--suites):",
            "  pollux      Pollux's 8 workloads at relative load 1.0 (data/pollux/workloads), 160 jobs each,",
            "              on t4:16x4",
            "  sia-philly  Sia's 8 Philly-derived workloads (data/sia/workloads/philly), 160 jobs each,",
            "              on t4:6x4,a100:2x8,rtx:3x8",
            "  sia-saturn  Sia's 10 Helios-Saturn-derived workloads (data/sia/workloads/saturn), same cluster",
            "",
            "Policies: by default fifo, drf, optimus, Gavel's policies that apply (the agnostic ones on",
            "Pollux's one-type cluster, the aware -perf ones on Sia's; not the -packed ones), pollux, sia and",
            "dl2; a default one this build does not register is skipped with a line on stderr. Named ones",
            "(--policies) run on every suite and must be registered. If dl2's model is rejected, dl2 runs",
            "optimus: stderr says so and its rows read 'dl2 (fallback: optimus)'.",
            "",
            "Each cell is 'yarn-dl sim --trace pollux-workload:N|sia-philly:N|sia-saturn:N --cluster-spec",
            "... --interval-sec 60 --seed 42' with the same options, so one can be re-run alone. A run the",
            "simulator stops (a policy that ran no job for 10,000 rounds), or one still going after",
            "--horizon-hours, is reported as failed. Progress, one line per run, goes to stderr."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl papers                       (everything: 278 runs, about 8 minutes on 2 loaded cores)",
            "  yarn-dl papers --suites pollux --policies drf,optimus --workloads-per-suite 2",
            "  yarn-dl papers --workloads-per-suite 1 --jobs 40 --csv > quick.csv",
            "  yarn-dl papers --out papers-out      (also each run's per-job CSV, papers-out/<suite>/<workload>/)",
            "  yarn-dl papers --except dl2 --out papers-out",
            "",
            "Exit status: 0 done (failed runs are reported in the results), 1 the runs could not start,",
            "2 bad arguments."})
public final class PapersCommand implements Callable<Integer> {

    /** Ten times the longest makespan any of the papers reports for these suites (Gavel+TunedJobs on Saturn, 43 h). */
    static final int DEFAULT_HORIZON_HOURS = 430;

    @Spec
    CommandSpec spec;

    @Option(names = "--suites", split = ",", paramLabel = "NAME",
            description = "Suites to run, in this order (default: pollux,sia-philly,sia-saturn).")
    List<String> suites;

    @Option(names = "--policies", split = ",", paramLabel = "NAME",
            description = "Policies to run on every suite, in table order (default: the suite's, see above).")
    List<String> policies;

    @Option(names = "--except", split = ",", paramLabel = "NAME",
            description = "Leave these out of the default policies, e.g. dl2, whose runs are the slowest (default:"
                    + " none; not with --policies).")
    List<String> except;

    @Option(names = "--workloads-per-suite", paramLabel = "N",
            description = "Run only each suite's first N workloads, for a quick look (default: all).")
    Integer workloadsPerSuite;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Replay only the first N jobs of each workload (default: all, 160).")
    Integer jobs;

    @Mixin
    ThreadsOption threads;

    @Mixin
    JsonOutputOption output;

    @Option(names = "--csv", description = "Print CSV instead of the tables: a row per policy and per published"
            + " system of each suite.")
    boolean csv;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write each run's per-job CSV, DIR/<suite>/<workload>/jobs-<policy>.csv (default: none).")
    Path out;

    @Option(names = "--interval-sec", paramLabel = "SEC", defaultValue = "60",
            description = "Scheduling interval in simulated seconds (default: ${DEFAULT-VALUE}, both papers').")
    double intervalSec;

    @Option(names = "--resize-overhead-sec", paramLabel = "SEC", defaultValue = "30",
            description = "With --restart-cost fixed, seconds every restart stalls a job (default: ${DEFAULT-VALUE},"
                    + " Pollux's).")
    double resizeOverheadSec;

    @Option(names = "--horizon-hours", paramLabel = "H", defaultValue = "" + DEFAULT_HORIZON_HOURS,
            description = "Stop a run still going after H simulated hours and report it as failed, with how many jobs"
                    + " it left unfinished; the papers' makespans are 14 to 43 h (default: ${DEFAULT-VALUE}).")
    double horizonHours;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Seeds the simulator's noise, the same in every run (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--pollux-data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}/pollux",
            description = "Pollux's profiles and workloads (default: ${DEFAULT-VALUE}).")
    Path polluxData;

    @Option(names = "--sia-data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}/sia",
            description = "Sia's profiles and workloads (default: ${DEFAULT-VALUE}).")
    Path siaData;

    @Mixin
    Dl2ModelOption dl2Model;

    @Mixin
    GoodputOptions goodput;

    @Mixin
    SmdOptions smd;

    @Mixin
    PolluxPolicyOptions polluxPolicy;

    @Mixin
    SiaPolicyOptions siaPolicy;

    @Mixin
    ResizeOptions resize;

    @Override
    public Integer call() throws Exception {
        int threadCount = threads.threads();
        checkCounts();
        List<PaperSuite> chosen = checkedSuites();
        SimConfig config = simConfig();
        dl2Model.requireFile();
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw usage("--out " + out + " exists and is not a folder");
        }
        PrintWriter err = spec.commandLine().getErr();
        Dl2FallbackWarning warning = new Dl2FallbackWarning(err, "yarn-dl papers");
        PolicyRegistry registry = registry(warning);
        List<String> skipped = new ArrayList<>();
        Map<String, List<String>> perSuite = checkedPolicies(chosen, registry, skipped);
        if (!skipped.isEmpty()) {
            err.println("yarn-dl papers: skipping " + String.join(", ", skipped) + ": not registered in this build"
                    + " (registered: " + String.join(", ", registry.names()) + ")");
        }
        dl2Model.requireServed(perSuite.values().stream().anyMatch(list -> list.contains(Dl2Policy.NAME)),
                "the policies include dl2");

        long start = System.nanoTime();
        int runs = 0;
        for (PaperSuite suite : chosen) {
            runs += suite.workloads().size() * perSuite.get(suite.name()).size();
        }
        err.printf(Locale.ROOT, "yarn-dl papers: %d runs on %d thread%s%n", runs, threadCount, threadCount == 1 ? "" : "s");
        err.flush();
        SuiteRunner runner = new SuiteRunner(registry,
                new SuiteRunner.Settings(config, goodput.fixedBatch(), jobs, threadCount, out, horizonHours * 3600), err);
        Map<String, Map<String, PolicyFigures>> results = runner.runAll(chosen, perSuite);
        double wallSec = (System.nanoTime() - start) / 1e9;

        PublishedFigures published = PublishedFigures.shipped();
        List<SuiteOutcome> outcomes = new ArrayList<>();
        for (PaperSuite suite : chosen) {
            boolean whole = jobs == null && suite.workloads().size() == PaperSuites.all(polluxData, siaData)
                    .get(suite.name()).workloads().size();
            outcomes.add(SuiteOutcome.of(suite, title(suite, config), results.get(suite.name()), published,
                    warning.fellBack(), whole));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        String wall = String.format(Locale.ROOT, "%d runs in %.0f s wall on %d thread%s.", runs, wallSec, threadCount,
                threadCount == 1 ? "" : "s");
        if (output.json()) {
            stdout.println(new ObjectMapper().writeValueAsString(PapersExport.json(outcomes, skipped)));
        } else if (csv) {
            stdout.print(PapersExport.csv(outcomes));
        } else {
            stdout.print(PapersMarkdown.render(outcomes));
            stdout.println(wall);
        }
        stdout.flush();
        err.println("yarn-dl papers: " + wall);
        err.flush();
        return 0;
    }

    private void checkCounts() {
        if (workloadsPerSuite != null && workloadsPerSuite < 1) {
            throw usage("--workloads-per-suite must be at least 1, got " + workloadsPerSuite);
        }
        if (jobs != null && jobs < 1) {
            throw usage("--jobs must be at least 1, got " + jobs);
        }
        if (!(horizonHours > 0) || Double.isInfinite(horizonHours)) {
            throw usage("--horizon-hours must be a positive number, got " + horizonHours);
        }
        if (output.json() && csv) {
            throw usage("--json and --csv exclude each other: choose one output");
        }
    }

    /** The suites named (each once, each known), cut to --workloads-per-suite, their files present. */
    private List<PaperSuite> checkedSuites() {
        Map<String, PaperSuite> known = PaperSuites.all(polluxData, siaData);
        List<String> names = suites == null ? List.copyOf(known.keySet()) : suites.stream().map(String::trim).toList();
        if (names.isEmpty() || new LinkedHashSet<>(names).size() != names.size()) {
            throw usage("--suites must name each suite once, got '" + String.join(",", names) + "'");
        }
        List<PaperSuite> chosen = new ArrayList<>();
        for (String name : names) {
            PaperSuite suite = known.get(name);
            if (suite == null) {
                throw usage("--suites: unknown suite '" + name + "'; known: " + String.join(", ", known.keySet()));
            }
            suite = workloadsPerSuite == null ? suite : suite.firstWorkloads(workloadsPerSuite);
            try {
                PaperSuites.check(suite);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
            chosen.add(suite);
        }
        return chosen;
    }

    private SimConfig simConfig() {
        try {
            return SimConfig.defaults(seed).withInterval(intervalSec).withResizeOverhead(resizeOverheadSec)
                    .withRestartCost(goodput.rule());
        } catch (IllegalArgumentException e) {
            throw usage("--interval-sec " + intervalSec + ", --resize-overhead-sec " + resizeOverheadSec + ": "
                    + e.getMessage());
        }
    }

    private PolicyRegistry registry(Dl2FallbackWarning warning) {
        try {
            ResizeSettings resizing = resize.settings();
            return warning.registry(dl2Model.file(), PlacementStrategies.DEFAULT, smd.settings(), polluxPolicy.settings(resizing),
                    siaPolicy.settings(resizing), resizing);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * Each suite's policies: those named, each once and registered, or the suite's defaults, the
     * ones not registered added to {@code skipped}. Each is built once here, so dl2's model loads
     * (and a rejected one is announced) before the first run.
     */
    private Map<String, List<String>> checkedPolicies(List<PaperSuite> chosen, PolicyRegistry registry,
                                                      List<String> skipped) {
        Map<String, List<String>> perSuite = new LinkedHashMap<>();
        List<String> named = policies == null ? null : namedPolicies();
        Set<String> left = checkedExcept(named != null);
        Set<String> skippedOnce = new LinkedHashSet<>();
        for (PaperSuite suite : chosen) {
            if (named != null) {
                perSuite.put(suite.name(), named);
                continue;
            }
            SuitePolicies.Selection selection = SuitePolicies.defaults(suite, registry.names());
            skippedOnce.addAll(selection.skipped());
            perSuite.put(suite.name(), selection.run().stream().filter(name -> !left.contains(name)).toList());
        }
        skipped.addAll(skippedOnce);
        Set<String> all = new LinkedHashSet<>();
        perSuite.values().forEach(all::addAll);
        for (String name : all) {
            try {
                registry.create(name);
            } catch (UnknownPolicyException e) {
                throw usage(e.getMessage());
            }
        }
        return perSuite;
    }

    /** The names --except leaves out of the defaults, each a default of some suite. */
    private Set<String> checkedExcept(boolean policiesNamed) {
        if (except == null) {
            return Set.of();
        }
        if (policiesNamed) {
            throw usage("--except applies to the default policies, not with --policies");
        }
        Set<String> defaults = new LinkedHashSet<>();
        PaperSuites.all(polluxData, siaData).values().forEach(suite -> defaults.addAll(SuitePolicies.defaults(suite,
                Set.copyOf(SuitePolicies.wanted(suite))).run()));
        Set<String> names = new LinkedHashSet<>();
        for (String raw : except) {
            String name = raw.trim();
            if (!defaults.contains(name)) {
                throw usage("--except: '" + name + "' is not a default policy; defaults: " + String.join(", ", defaults));
            }
            names.add(name);
        }
        return names;
    }

    private List<String> namedPolicies() {
        try {
            return PolicyNames.distinct(policies);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** The table's heading: the suite, what of it ran, where, how, and how to re-run one cell. */
    private String title(PaperSuite suite, SimConfig config) {
        int n = suite.workloads().size();
        String workloads = n == 1 ? suite.workloadName(0) : suite.workloadName(0) + " to " + suite.workloadName(n - 1);
        return String.format(Locale.ROOT, "%s: %s, %s%s, on %s, %.0f s rounds, %s, seed %d (one cell: yarn-dl sim"
                        + " --trace %s --cluster-spec %s --interval-sec %.0f)", suite.name(), suite.title(), workloads,
                jobs == null ? "" : " (first " + jobs + " jobs each)", suite.cluster().describe(), config.intervalSec(),
                goodput.describe(config.resizeOverheadSec()), seed, suite.simTrace().replace("%d", "N"),
                suite.clusterSpec(), config.intervalSec());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
