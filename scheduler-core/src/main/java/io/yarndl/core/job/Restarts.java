package io.yarndl.core.job;

/**
 * What a job's resizes have cost it so far, as its driver measured them: the seconds from a new
 * allocation to training again (checkpoint, container start-up, restore). Policies weigh a resize's
 * predicted gain against this; a job not yet resized has {@link #NONE} and a policy uses a prior.
 *
 * @param count        resizes measured
 * @param totalSeconds their summed cost, seconds
 */
public record Restarts(int count, double totalSeconds) {

    public static final Restarts NONE = new Restarts(0, 0);

    public Restarts {
        if (count < 0 || !(totalSeconds >= 0) || Double.isInfinite(totalSeconds)) {
            throw new IllegalArgumentException("restarts must be counted and timed non-negatively, got " + count
                    + " taking " + totalSeconds + " s");
        }
        if (count == 0 && totalSeconds > 0) {
            throw new IllegalArgumentException("no restart cannot take " + totalSeconds + " s");
        }
    }

    /** These and one more, of {@code seconds}; a nonsense time (negative, NaN) is not counted. */
    public Restarts plus(double seconds) {
        return seconds >= 0 && Double.isFinite(seconds) ? new Restarts(count + 1, totalSeconds + seconds) : this;
    }

    /** The mean measured cost, or {@code prior} before any was measured. */
    public double meanOr(double prior) {
        return count == 0 ? prior : totalSeconds / count;
    }
}
