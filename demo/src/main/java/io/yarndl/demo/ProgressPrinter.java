package io.yarndl.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Writes the demo's terminal output: events (a job submitted, the plan resizing a job) as lines that
 * stay, and one line per job every refresh. On a terminal the job lines are redrawn in place under
 * the events; piped to a file every refresh adds its lines, each stamped with the demo's clock, so
 * the file reads as a log.
 */
final class ProgressPrinter {

    /** ANSI: cursor to the start of the line {@code n} lines up, then erase to the end of the screen. */
    private static final String UP_AND_CLEAR = "\033[%dF\033[J";

    private final PrintStream out;
    private final boolean redraw;
    private final long startNanos;
    private List<String> block = List.of();

    /**
     * @param redraw whether {@code out} is a terminal that understands ANSI cursor movement
     */
    ProgressPrinter(PrintStream out, boolean redraw) {
        this.out = out;
        this.redraw = redraw;
        this.startNanos = System.nanoTime();
    }

    /** Whether this process writes to a terminal that can redraw (not a pipe, not TERM=dumb). */
    static boolean terminalCanRedraw() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** A line that stays, stamped with the demo's clock. */
    synchronized void event(String text) {
        clearBlock();
        out.println(stamp() + text);
        printBlock();
    }

    /** A plain line that stays, without a stamp (URLs, the summary). */
    synchronized void plain(String text) {
        clearBlock();
        out.println(text);
        printBlock();
    }

    /** The jobs' current lines: replacing the previous ones on a terminal, added after them in a file. */
    synchronized void jobs(List<JobStatus> jobs) {
        clearBlock();
        String stamp = stamp();
        block = jobs.stream().map(j -> stamp + line(j)).toList();
        printBlock();
    }

    /** Ends the redrawn block: what follows goes below it. */
    synchronized void freeze() {
        block = List.of();
    }

    /** Time since the demo started. */
    Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    private void clearBlock() {
        if (redraw && !block.isEmpty()) {
            out.printf(UP_AND_CLEAR, block.size());
        }
    }

    private void printBlock() {
        block.forEach(out::println);
        out.flush();
        if (!redraw) {
            // In a file the job lines are printed once, when they come: nothing to restore later.
            block = List.of();
        }
    }

    private String stamp() {
        return "[" + clock(elapsed()) + "] ";
    }

    /** One job's line, e.g. {@code ddp-first RUNNING workers 2/2 step 120/240 loss 0.812 ...}. */
    static String line(JobStatus j) {
        String step = j.step() < 0 ? "-" : Long.toString(j.step());
        return String.format(Locale.ROOT, "%-11s %-18s workers %d/%d  step %5s/%-5d loss %-7s samples/s %-6s elapsed %s",
                j.name(), j.state(), j.heldWorkers(), j.targetWorkers(), step, j.totalSteps(),
                Double.isNaN(j.loss()) ? "-" : String.format(Locale.ROOT, "%.4f", j.loss()),
                Double.isNaN(j.samplesPerSecond()) ? "-" : String.format(Locale.ROOT, "%.0f", j.samplesPerSecond()),
                clock(j.elapsed()));
    }

    /** {@code m:ss}, or {@code h:mm:ss} past an hour. */
    static String clock(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
