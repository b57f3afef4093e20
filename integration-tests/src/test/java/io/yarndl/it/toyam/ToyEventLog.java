package io.yarndl.it.toyam;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The event log of one {@link ToyElasticAppMaster} run, read back by a test: one line per event,
 * {@code <epochMillis> <EVENT> <heldWorkers> <detail...>}, where held workers are those whose
 * container started and was neither released nor completed.
 *
 * @param entries the events in the order they were written
 */
public record ToyEventLog(List<Entry> entries) {

    /** What happened; the detail each event carries is listed with it. */
    public enum Event {
        /** Registered with the RM; no detail. */
        REGISTERED,
        /** The RM granted a worker container; detail: container id. */
        GRANTED,
        /** The worker process in a container started; detail: container id. */
        STARTED,
        /** A preemption message named a container; detail: container id. */
        PREEMPT_REQUESTED,
        /** The AM released a container; detail: container id. */
        RELEASED,
        /** The RM reported a container finished; detail: container id, exit status. */
        COMPLETED,
        /** A progress sample was taken; detail: step, parameter servers held. */
        PROGRESS,
        /** A parameter-server process started; detail: container id, parameter servers held. */
        SERVER_STARTED,
        /** A parameter server was released or reported finished; detail: container id, parameter servers held. */
        SERVER_ENDED,
        /** The goal was met; records removed next and the AM unregisters; no detail. */
        FINISHED
    }

    /**
     * One line of the log.
     *
     * @param epochMillis  when it was written
     * @param event        what happened
     * @param heldWorkers  held workers just after the event
     * @param detail       the event's detail, split at spaces
     */
    public record Entry(long epochMillis, Event event, int heldWorkers, List<String> detail) {

        /** The container id of a container event. */
        public String containerId() {
            return detail.get(0);
        }

        /** The exit status of a {@link Event#COMPLETED} event. */
        public int exitStatus() {
            return Integer.parseInt(detail.get(1));
        }

        /** The step of a {@link Event#PROGRESS} event. */
        public long step() {
            return Long.parseLong(detail.get(0));
        }

        /** The parameter servers held with a {@link Event#PROGRESS} or server event; 0 where it says none. */
        public int servers() {
            int at = event == Event.PROGRESS ? 0 : 1;
            return detail.size() > at + 1 ? Integer.parseInt(detail.get(at + 1)) : 0;
        }

        static Entry parse(String line) {
            String[] parts = line.trim().split(" +");
            if (parts.length < 3) {
                throw new IllegalArgumentException("event line needs at least 3 fields: '" + line + "'");
            }
            return new Entry(Long.parseLong(parts[0]), Event.valueOf(parts[1]), Integer.parseInt(parts[2]),
                    List.copyOf(Arrays.asList(parts).subList(3, parts.length)));
        }

        /** The line {@link #parse} reads back. */
        String format() {
            StringBuilder line = new StringBuilder().append(epochMillis).append(' ').append(event)
                    .append(' ').append(heldWorkers);
            detail.forEach(d -> line.append(' ').append(d));
            return line.toString();
        }
    }

    public ToyEventLog {
        entries = List.copyOf(entries);
    }

    /**
     * Reads a log. A last line without its newline may be half written by a running AM: it is
     * skipped; any other unreadable line is an error.
     */
    public static ToyEventLog read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(text.lines().filter(l -> !l.isBlank()).toList());
        if (!text.isEmpty() && !text.endsWith("\n") && !lines.isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return new ToyEventLog(lines.stream().map(Entry::parse).toList());
    }

    /**
     * Re-reads {@code file} every 100 ms until {@code condition} holds, returning that log. A file
     * not yet written counts as an empty log.
     *
     * @throws AssertionError if the condition does not hold within {@code timeout}, with the last log read
     */
    public static ToyEventLog await(Path file, Duration timeout, Predicate<ToyEventLog> condition)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ToyEventLog log = Files.exists(file) ? read(file) : new ToyEventLog(List.of());
            if (condition.test(log)) {
                return log;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("event log " + file + " did not reach the expected state within "
                        + timeout + "; it holds:\n" + log.format());
            }
            Thread.sleep(100);
        }
    }

    /** The log as the lines it was read from. */
    public String format() {
        StringBuilder text = new StringBuilder();
        entries.forEach(e -> text.append(e.format()).append('\n'));
        return text.toString();
    }

    /** The containers named by events of one kind, in order of first mention. */
    public List<String> containers(Event event) {
        return of(event).stream().map(Entry::containerId).distinct().toList();
    }

    /** The first event of a kind about a container, if any. */
    public Optional<Entry> first(Event event, String containerId) {
        return of(event).stream().filter(e -> e.containerId().equals(containerId)).findFirst();
    }

    /** The events of one kind, in order. */
    public List<Entry> of(Event event) {
        return entries.stream().filter(e -> e.event() == event).toList();
    }

    public boolean contains(Event event) {
        return entries.stream().anyMatch(e -> e.event() == event);
    }

    /** The most workers held at any time. */
    public int maxHeldWorkers() {
        return entries.stream().mapToInt(Entry::heldWorkers).max().orElse(0);
    }

    /** The most parameter servers held while the job trained (its progress samples). */
    public int maxServersWhileTraining() {
        return of(Event.PROGRESS).stream().mapToInt(Entry::servers).max().orElse(0);
    }

    /** The steps of the progress samples, in order. */
    public List<Long> progressSteps() {
        return of(Event.PROGRESS).stream().map(Entry::step).toList();
    }
}
