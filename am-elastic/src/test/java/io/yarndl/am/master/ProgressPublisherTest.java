package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressPublisherTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final List<ProgressSample> reported = new ArrayList<>();
    private final List<List<ProgressSample>> written = new ArrayList<>();
    private final AtomicBoolean zooKeeperUp = new AtomicBoolean(true);

    private ProgressPublisher publisher(long intervalMs) {
        return new ProgressPublisher(this::takeReported, batch -> {
            if (!zooKeeperUp.get()) {
                return false;
            }
            written.add(batch);
            return true;
        }, intervalMs, now::get);
    }

    private List<ProgressSample> takeReported() {
        List<ProgressSample> out = List.copyOf(reported);
        reported.clear();
        return out;
    }

    private void report(long step) {
        reported.add(new ProgressSample(now.get() / 1000.0, step, 1.0 / step, 4.0, 1, 0));
    }

    /** The steps the batches bring, each batch less the previous batch it repeats, as the watcher takes them. */
    private static List<Long> steps(List<List<ProgressSample>> batches) {
        List<Long> out = new ArrayList<>();
        for (List<ProgressSample> batch : batches) {
            batch.stream().map(ProgressSample::step).filter(step -> out.isEmpty() || step > out.get(out.size() - 1))
                    .forEach(out::add);
        }
        return out;
    }

    @Test
    void writesAtMostOncePerIntervalAndEverySampleExactlyOnce() {
        ProgressPublisher publisher = publisher(1_000);
        // 4 reports a second for 10 s, ticks every 250 ms: the old AM wrote 40 times and kept only the newest.
        for (long step = 1; step <= 40; step++) {
            report(step);
            publisher.tick();
            now.addAndGet(250);
        }
        publisher.flush();
        assertEquals(11, written.size(), "one write a second for 10 s, and the flush");
        assertEquals(java.util.stream.LongStream.rangeClosed(1, 40).boxed().toList(), steps(written));
    }

    @Test
    void eachWriteRepeatsThePreviousBatchSoAReaderThatMissedOneWriteLosesNothing() {
        ProgressPublisher publisher = publisher(1_000);
        report(1);
        report(2);
        publisher.tick();
        now.addAndGet(1_000);
        report(3);
        publisher.tick();
        report(4);
        publisher.flush(); // right after: a reader may see only this one
        assertEquals(List.of(List.of(1L, 2L), List.of(1L, 2L, 3L), List.of(3L, 4L)),
                written.stream().map(b -> b.stream().map(ProgressSample::step).toList()).toList());
    }

    @Test
    void aFailedWriteKeepsItsSamplesForTheNextAndRetriesOncePerInterval() {
        ProgressPublisher publisher = publisher(1_000);
        report(1);
        publisher.tick();
        zooKeeperUp.set(false);
        for (long step = 2; step <= 9; step++) {
            now.addAndGet(500);
            report(step);
            publisher.tick();
        }
        zooKeeperUp.set(true);
        now.addAndGet(1_000);
        publisher.tick();
        assertEquals(List.of(1L), steps(written.subList(0, 1)));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), steps(written.subList(1, 2)),
                "the retried samples, after the batch before them");
        assertEquals(2, publisher.writes());
    }

    @Test
    void nothingIsWrittenWhenNothingIsNewAndTheWaitingSamplesAreBounded() {
        ProgressPublisher publisher = publisher(1_000);
        publisher.tick();
        publisher.flush();
        assertEquals(0, written.size());

        zooKeeperUp.set(false);
        for (long step = 1; step <= ProgressPublisher.MAX_PENDING + 5; step++) {
            report(step);
        }
        publisher.tick();
        assertEquals(5, publisher.dropped(), "the oldest beyond the bound");
        zooKeeperUp.set(true);
        publisher.flush();
        assertEquals(6L, written.get(0).get(0).step());
        assertEquals(ProgressPublisher.MAX_PENDING, written.get(0).size());
        assertThrows(IllegalArgumentException.class, () -> publisher(0));
    }
}
