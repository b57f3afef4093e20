package io.yarndl.am.yarn;

import java.time.Duration;
import org.apache.hadoop.conf.Configuration;

/**
 * How long an ApplicationMaster keeps retrying a heartbeat ({@code allocate}) that the
 * ResourceManager failed before it gives up: {@value #KEY} in the cluster's configuration (the
 * {@code yarn-site.xml} the AM's container reads), milliseconds, default {@value #DEFAULT_MS}
 * (6 minutes, as MapReduce's {@code yarn.app.mapreduce.am.scheduler.connection.wait.interval-ms}).
 * It must outlast an RM failover or a work-preserving restart; 0 gives up at the first failure.
 *
 * @param length the window, counted from the first failed call of a heartbeat
 */
public record RmRetryWindow(Duration length) {

    public static final String KEY = "yarn.dl.am.rm-retry-window-ms";
    public static final long DEFAULT_MS = 360_000;

    public RmRetryWindow {
        if (length.isNegative()) {
            throw new IllegalArgumentException(KEY + " must be 0 or more milliseconds, got " + length.toMillis());
        }
    }

    /** The configured window; a value that is not a whole number of milliseconds, 0 or more, is refused naming the key. */
    public static RmRetryWindow from(Configuration conf) {
        String value = conf.getTrimmed(KEY, Long.toString(DEFAULT_MS));
        long ms;
        try {
            ms = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(KEY + " must be a whole number of milliseconds, got '" + value + "'");
        }
        return new RmRetryWindow(Duration.ofMillis(ms));
    }
}
