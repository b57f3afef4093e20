package io.yarndl.sim.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings issue 18 asks the policies to be compared on: Gavel's static trace
 * ({@code max_min_fairness.trace}, 96 jobs arriving at once) on a 4:4:4 and a 12:0:0
 * V100:P100:K80 cluster of 4-GPU servers, Gavel's continuous workload (Poisson arrivals, mean
 * {@code lam} = 900 s) on Gavel's 36:36:36 cluster, and Sia's first Philly and Saturn workloads on
 * Sia's default cluster (6 x 4 T4, 2 x 8 A100, 3 x 8 RTX 2080Ti). Data paths are under
 * {@code data}, the repository's {@code data/} folder.
 */
public final class HeterogeneousScenarios {

    private HeterogeneousScenarios() {
    }

    /** Gavel's abstract, the only figure of the paper stated for these settings as a whole. */
    static final String GAVEL_CLAIM = "Gavel (OSDI'20): heterogeneity-aware policies improve average JCT and makespan"
            + " by up to 3.5x over heterogeneity-agnostic ones";

    /** Sia's published comparison is Sia against Gavel and Pollux, not aware against agnostic. */
    static final String SIA_NOTE = "Sia (SOSP'23) reports Sia against Gavel and Pollux; no aware-vs-agnostic figure";

    /** Every scenario by name, in the report's order. */
    public static Map<String, Scenario> all(Path data, int continuousJobs, double lamSec) {
        String staticTrace = "gavel:" + data.resolve("gavel/max_min_fairness.trace");
        String throughputs = data.resolve("gavel/simulation_throughputs.json").toString();
        List<Scenario> list = new ArrayList<>();
        list.add(new Scenario("gavel-static-4-4-4", "Gavel's max_min_fairness.trace (96 jobs at t=0), V100:P100:K80"
                + " = 4:4:4", List.of("--trace", staticTrace, "--gavel-throughputs", throughputs, "--cluster-spec",
                        "v100:1x4,p100:1x4,k80:1x4"),
                GAVEL_CLAIM));
        list.add(new Scenario("gavel-static-12-0-0", "Gavel's max_min_fairness.trace (96 jobs at t=0), V100:P100:K80"
                + " = 12:0:0 (one type: aware and agnostic should tie)",
                List.of("--trace", staticTrace, "--gavel-throughputs", throughputs, "--cluster-spec", "v100:3x4"),
                "homogeneous: no gain expected"));
        list.add(new Scenario("gavel-continuous-36-36-36", "Gavel's continuous workload, " + continuousJobs
                + " jobs, lam " + (long) lamSec + " s, V100:P100:K80 = 36:36:36",
                List.of("--trace", "gavel-continuous", "--gavel-throughputs", throughputs, "--lam",
                        Double.toString(lamSec), "--jobs", Integer.toString(continuousJobs), "--cluster-spec",
                        "v100:9x4,p100:9x4,k80:9x4"),
                GAVEL_CLAIM));
        String siaData = data.resolve("sia").toString();
        // Gavel's policies against agnostic ones, as Sia ran its Gavel baselines: fixed batches, a flat
        // restart (the figures of docs/gavel.md); Pollux's goodput semantics are sim's default (docs/simulator.md).
        for (String workload : List.of("philly", "saturn")) {
            list.add(new Scenario("sia-" + workload + "-1", "Sia's " + workload + " workload-1.csv (160 jobs over 8 h),"
                    + " Sia's cluster: 6 x 4 T4, 2 x 8 A100, 3 x 8 RTX 2080Ti",
                    List.of("--trace", "sia-" + workload + ":1", "--sia-data", siaData, "--cluster-spec",
                            "t4:6x4,a100:2x8,rtx:3x8", "--fixed-batch", "--restart-cost", "fixed"), SIA_NOTE));
        }
        Map<String, Scenario> byName = new LinkedHashMap<>();
        for (Scenario scenario : list) {
            byName.put(scenario.name(), scenario);
        }
        return byName;
    }
}
