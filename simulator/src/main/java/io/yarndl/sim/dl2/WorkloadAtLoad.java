package io.yarndl.sim.dl2;

/**
 * One table of {@code evaluate}: a workload at one offered load. Its key names it in the results
 * and the JSON; the workload's label alone while a single load is evaluated, so that the trainer's
 * {@code {workload: {policy: ...}}} keeps its shape, {@code "<workload>@<load>"} (e.g. {@code dl2@0.7})
 * once several loads share one run.
 *
 * @param workload the episode workload
 * @param load     its offered load, positive and finite
 */
record WorkloadAtLoad(EpisodeWorkload workload, double load) {

    /** The results key: {@code dl2} with one load, {@code dl2@0.7} with several. */
    String key(boolean severalLoads) {
        return severalLoads ? workload.label() + "@" + load : workload.label();
    }
}
