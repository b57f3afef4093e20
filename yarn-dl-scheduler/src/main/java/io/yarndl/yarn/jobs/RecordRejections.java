package io.yarndl.yarn.jobs;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How many job records {@link JobRecordWatcher} has skipped, by {@link RejectionReason}, so that
 * metrics can expose them. Thread-safe: the cache's thread counts, any thread reads. Counts only
 * grow; a lost ZooKeeper connection changes nothing here (no records arrive, none are counted).
 */
public final class RecordRejections {

    private static final RejectionReason[] REASONS = RejectionReason.values();

    private final AtomicLongArray counts = new AtomicLongArray(REASONS.length);

    /** Records that were skipped for {@code reason}. */
    public long count(RejectionReason reason) {
        return counts.get(reason.ordinal());
    }

    /** Records that were skipped for any reason. */
    public long total() {
        long total = 0;
        for (int i = 0; i < counts.length(); i++) {
            total += counts.get(i);
        }
        return total;
    }

    /** Every reason with its count (zeros included), in declaration order; an immutable copy. */
    public Map<RejectionReason, Long> snapshot() {
        Map<RejectionReason, Long> copy = new EnumMap<>(RejectionReason.class);
        for (RejectionReason reason : REASONS) {
            copy.put(reason, count(reason));
        }
        return Collections.unmodifiableMap(copy);
    }

    void record(RejectionReason reason) {
        counts.incrementAndGet(reason.ordinal());
    }

    @Override
    public String toString() {
        return snapshot().toString();
    }
}
