package io.yarndl.it.cluster;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The lines one logger writes while a test runs, as the RM's log would show them: attached to the
 * log4j (reload4j) logger that slf4j writes to in this JVM, beside the console appender. Attach
 * before the cluster starts to see what happens at the RM's init; {@link #close()} detaches.
 */
public final class CapturedLog implements AutoCloseable {

    /**
     * One line: its level, its rendered message, and when it was logged (the event's own time, taken
     * on the logging thread: tests that time what the scheduler did read it, not when they saw the line).
     */
    public record Line(Level level, String message, long epochMillis) {
        @Override
        public String toString() {
            return level + " " + message;
        }
    }

    private final Logger logger;
    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private final AppenderSkeleton appender = new AppenderSkeleton() {
        @Override
        protected void append(LoggingEvent event) {
            lines.add(new Line(event.getLevel(), event.getRenderedMessage(), event.getTimeStamp()));
        }

        @Override
        public void close() {
        }

        @Override
        public boolean requiresLayout() {
            return false;
        }
    };

    private final Level levelBefore;

    private CapturedLog(Logger logger) {
        this.logger = logger;
        this.levelBefore = logger.getLevel();
        logger.addAppender(appender);
    }

    /** Captures what the logger of {@code type} (slf4j's {@code LoggerFactory.getLogger(type)}) writes from now on. */
    public static CapturedLog of(Class<?> type) {
        return new CapturedLog(Logger.getLogger(type));
    }

    /**
     * The same, at {@code level} and above whatever log4j.properties sets (Hadoop's loggers log at
     * ERROR only in these tests): for a line a test needs, the RM audit log's WARN of a refusal, say.
     * {@link #close()} sets the logger's own level back.
     */
    public static CapturedLog of(Class<?> type, Level level) {
        CapturedLog log = new CapturedLog(Logger.getLogger(type));
        log.logger.setLevel(level);
        return log;
    }

    /** Every line so far, oldest first. */
    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The lines so far at {@code level} whose message starts with {@code prefix}. */
    public List<Line> lines(Level level, String prefix) {
        return lines.stream().filter(line -> line.level().equals(level) && line.message().startsWith(prefix)).toList();
    }

    @Override
    public void close() {
        logger.removeAppender(appender);
        logger.setLevel(levelBefore);
    }
}
