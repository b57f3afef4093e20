package io.yarndl.sim.marl;

import io.yarndl.sim.trace.PhillyTraceReader;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import io.yarndl.sim.workload.sia.SiaPhillyMix;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * marl's episodes: consecutive windows of the Philly-derived trace with Sia's applications as its
 * jobs ({@code sim --trace philly --philly-mix sia}), window {@code k} being jobs
 * {@code [k * size, (k + 1) * size)} in arrival order. One type seed draws every job's type, so a
 * window is the same jobs in training, in evaluation and in {@code sim}; windows differ by their
 * arrivals (a different stretch of the Philly cluster's history).
 */
final class PhillyWindows {

    private final PhillyTraceReader trace;
    private final int size;

    private PhillyWindows(PhillyTraceReader trace, int size) {
        this.trace = trace;
        this.size = size;
    }

    /**
     * @param phillyCsv the Philly-derived trace
     * @param siaData   Sia's data folder (its applications' measured speeds)
     * @param typeSeed  draws each job's type, as {@code sim --seed} does
     * @param size      jobs per window
     */
    static PhillyWindows load(Path phillyCsv, Path siaData, long typeSeed, int size) throws IOException {
        SiaJobTypes types = new SiaJobTypes(SiaApplications.in(siaData));
        return new PhillyWindows(PhillyTraceReader.load(phillyCsv, SiaPhillyMix.types(types), typeSeed), size);
    }

    /** How many whole windows the trace holds. */
    long count() {
        return trace.size() / size;
    }

    /**
     * The jobs of window {@code index}, in arrival order.
     *
     * @throws IllegalArgumentException past the trace's last whole window
     */
    List<TraceJob> jobs(long index) {
        if (index < 0 || index >= count()) {
            throw new IllegalArgumentException("window " + index + " is past the trace: " + trace.size()
                    + " jobs make " + count() + " windows of " + size + " (0 to " + (count() - 1) + ")");
        }
        Iterator<TraceJob> all = trace.iterator();
        for (long skip = index * size; skip > 0; skip--) {
            all.next();
        }
        List<TraceJob> jobs = new ArrayList<>(size);
        while (jobs.size() < size) {
            jobs.add(all.next());
        }
        return jobs;
    }
}
