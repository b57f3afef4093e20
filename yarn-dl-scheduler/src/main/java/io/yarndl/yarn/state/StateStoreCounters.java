package io.yarndl.yarn.state;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the {@link SchedulerStateStore} has done, for metrics: checkpoints rejected on read by
 * {@link CheckpointProblem}, and writes by outcome. Thread-safe; counts only grow, except
 * {@link #lastWriteBytes()}.
 */
public final class StateStoreCounters {

    private static final CheckpointProblem[] PROBLEMS = CheckpointProblem.values();

    private final AtomicLongArray rejections = new AtomicLongArray(PROBLEMS.length);
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong conflicts = new AtomicLong();
    private final AtomicLong failedWrites = new AtomicLong();
    private final AtomicLong tooLarge = new AtomicLong();
    private final AtomicLong thinnedWrites = new AtomicLong();
    private final AtomicLong lastWriteBytes = new AtomicLong();

    /** Checkpoints rejected on read for {@code problem}. */
    public long rejections(CheckpointProblem problem) {
        return rejections.get(problem.ordinal());
    }

    /** Every problem with its count (zeros included); an immutable copy. */
    public Map<CheckpointProblem, Long> rejections() {
        Map<CheckpointProblem, Long> copy = new EnumMap<>(CheckpointProblem.class);
        for (CheckpointProblem problem : PROBLEMS) {
            copy.put(problem, rejections(problem));
        }
        return Collections.unmodifiableMap(copy);
    }

    /** Checkpoints stored. */
    public long writes() {
        return writes.get();
    }

    /** Writes skipped because the payload had not changed. */
    public long unchanged() {
        return unchanged.get();
    }

    /** Writes not stored because another scheduler had written the manifest meanwhile. */
    public long conflicts() {
        return conflicts.get();
    }

    /** Writes ZooKeeper failed (the caller retries them). */
    public long failedWrites() {
        return failedWrites.get();
    }

    /** Writes refused because the checkpoint did not fit even without samples. */
    public long tooLarge() {
        return tooLarge.get();
    }

    /** Writes stored only after thinning the samples to fit. */
    public long thinnedWrites() {
        return thinnedWrites.get();
    }

    /** Compressed bytes of the last checkpoint stored, 0 before the first. */
    public long lastWriteBytes() {
        return lastWriteBytes.get();
    }

    void countRejection(CheckpointProblem problem) {
        rejections.incrementAndGet(problem.ordinal());
    }

    void countWrite(long bytes, boolean thinned) {
        writes.incrementAndGet();
        lastWriteBytes.set(bytes);
        if (thinned) {
            thinnedWrites.incrementAndGet();
        }
    }

    void countUnchanged() {
        unchanged.incrementAndGet();
    }

    void countConflict() {
        conflicts.incrementAndGet();
    }

    void countFailedWrite() {
        failedWrites.incrementAndGet();
    }

    void countTooLarge() {
        tooLarge.incrementAndGet();
    }

    @Override
    public String toString() {
        return "rejections=" + rejections() + ", writes=" + writes() + ", unchanged=" + unchanged() + ", conflicts="
                + conflicts() + ", failedWrites=" + failedWrites() + ", tooLarge=" + tooLarge() + ", thinnedWrites="
                + thinnedWrites() + ", lastWriteBytes=" + lastWriteBytes();
    }
}
