package io.yarndl.yarn.status;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * DL jobs' sizes over time, for the web page's chart: a bounded ring buffer of {@link SizePoint}s
 * that the round writes. A point is kept only when a job's held or planned size changed since its
 * previous point (sizes are steps: the chart draws each point until the next), so the buffer spans
 * hours of rounds rather than minutes; a job that leaves the rounds (it ended) gets a last point at
 * size zero. The oldest points go first once {@value #CAPACITY} are held.
 *
 * <p>Written by the round thread, read by web requests: every method locks this object briefly.
 */
public final class SizeHistory {

    /** Points kept, all jobs together. */
    static final int CAPACITY = 5_000;

    private final int capacity;
    private final Deque<SizePoint> points = new ArrayDeque<>();
    private final Map<String, SizePoint> latest = new HashMap<>();

    public SizeHistory() {
        this(CAPACITY);
    }

    SizeHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * One round's sizes, every job the round saw: points for the jobs whose sizes changed, and a
     * zero point for each job the previous round saw and this one did not.
     */
    public synchronized void record(double timeSec, List<SizePoint> round) {
        Map<String, SizePoint> seen = new HashMap<>();
        for (SizePoint point : round) {
            seen.put(point.jobId(), point);
            if (!point.sameSizes(latest.get(point.jobId()))) {
                add(point);
            }
        }
        for (String gone : new ArrayList<>(latest.keySet())) {
            if (!seen.containsKey(gone)) {
                add(new SizePoint(timeSec, gone, 0, 0, 0, 0));
                latest.remove(gone);
            }
        }
        latest.putAll(seen);
    }

    /**
     * Puts back the points a previous scheduler checkpointed, oldest first, before this one's
     * first round: each job's last point is its latest size, so a round that finds it unchanged
     * adds nothing. Jobs no round sees again get their zero point as usual.
     */
    public synchronized void restore(List<SizePoint> restored) {
        points.clear();
        latest.clear();
        for (SizePoint point : restored) {
            add(point);
            latest.put(point.jobId(), point);
        }
    }

    /** The job's points, oldest first. */
    public synchronized List<SizePoint> of(String jobId) {
        List<SizePoint> job = new ArrayList<>();
        for (SizePoint point : points) {
            if (point.jobId().equals(jobId)) {
                job.add(point);
            }
        }
        return job;
    }

    /** Every point held, oldest first. */
    public synchronized List<SizePoint> all() {
        return List.copyOf(points);
    }

    private void add(SizePoint point) {
        points.addLast(point);
        if (points.size() > capacity) {
            points.removeFirst();
        }
    }
}
