package io.yarndl.am.master;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes a job's events as JSON lines, one event a line; a failure to write is logged, never thrown. */
final class JobEventLog {

    private static final Logger LOG = LoggerFactory.getLogger(JobEventLog.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private JobEventLog() {
    }

    static void write(Path file, List<JobEvent> events) {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (JobEvent e : events) {
                out.write(JSON.writeValueAsString(e));
                out.write('\n');
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not write the event log {}: {}", file, e.toString());
        }
    }
}
