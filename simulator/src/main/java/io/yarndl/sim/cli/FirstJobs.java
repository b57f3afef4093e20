package io.yarndl.sim.cli;

import io.yarndl.sim.workload.TraceJob;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** The first {@code limit} jobs of a trace ({@code sim --jobs N} on a trace that is read, not generated). */
final class FirstJobs implements Iterator<TraceJob> {

    private final Iterator<TraceJob> all;
    private final int limit;
    private int served;

    FirstJobs(Iterator<TraceJob> all, int limit) {
        this.all = all;
        this.limit = limit;
    }

    @Override
    public boolean hasNext() {
        return served < limit && all.hasNext();
    }

    @Override
    public TraceJob next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        served++;
        return all.next();
    }
}
