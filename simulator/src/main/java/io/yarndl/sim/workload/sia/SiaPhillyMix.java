package io.yarndl.sim.workload.sia;

import io.yarndl.sim.workload.JobType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sia's applications as a job mix for the Philly trace (each Philly job's type is drawn from it):
 * every application Sia's eight Philly workloads use, at the batch size they give it most often
 * (counted over {@code data/sia/workloads/philly/workload-1..8.csv}: cifar10 4096 in 502 of its 998
 * jobs, 2048 in the rest; imagenet 1600 in 15 of 26; deepspeech2 320 in 68 of 111; bert 384 and
 * yolov3 64 always). ncf appears in none of them, so it is not in the mix.
 */
public final class SiaPhillyMix {

    /** Each application's batch size, in the mix's order. */
    public static final Map<String, Integer> BATCH_BY_APPLICATION = new TreeMap<>(Map.of(
            "bert", 384, "cifar10", 4096, "deepspeech2", 320, "imagenet", 1600, "yolov3", 64));

    /** The mix in words, for a --help. */
    public static final String DESCRIPTION = "bert 384, cifar10 4096, deepspeech2 320, imagenet 1600, yolov3 64";

    private SiaPhillyMix() {
    }

    /** The mix's job types, one per application, read from {@code types}. */
    public static List<JobType> types(SiaJobTypes types) {
        List<JobType> mix = new ArrayList<>();
        BATCH_BY_APPLICATION.forEach((app, batch) -> mix.add(types.type(app, batch)));
        return List.copyOf(mix);
    }
}
