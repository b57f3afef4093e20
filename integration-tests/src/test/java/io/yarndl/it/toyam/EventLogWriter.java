package io.yarndl.it.toyam;

import io.yarndl.it.toyam.ToyEventLog.Entry;
import io.yarndl.it.toyam.ToyEventLog.Event;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Appends {@link ToyEventLog} lines, flushing each, from any thread. Also logs each event. A write
 * failure is logged and the line dropped: the log is for tests, it never stops the job.
 */
final class EventLogWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventLogWriter.class);

    private final BufferedWriter out;

    private EventLogWriter(BufferedWriter out) {
        this.out = out;
    }

    /** A writer to {@code file}, or one that only logs when {@code file} is null. */
    static EventLogWriter open(Path file) throws IOException {
        if (file == null) {
            return new EventLogWriter(null);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new EventLogWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND));
    }

    synchronized void write(Event event, int heldWorkers, Object... detail) {
        List<String> words = Arrays.stream(detail).map(String::valueOf).toList();
        String line = new Entry(System.currentTimeMillis(), event, heldWorkers, words).format();
        LOG.info("event {}", line);
        if (out == null) {
            return;
        }
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            LOG.warn("could not append to the event log: {}", e.toString());
        }
    }

    @Override
    public synchronized void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                LOG.warn("could not close the event log: {}", e.toString());
            }
        }
    }
}
