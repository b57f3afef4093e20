package io.yarndl.am.master;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes a job's events as JSON lines, one event a line; a failure to write is logged, never thrown. */
final class JobEventLog {

    private static final Logger LOG = LoggerFactory.getLogger(JobEventLog.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private JobEventLog() {
    }

    /** Writes to a temporary file, then renames it: a reader sees the whole log or none. */
    static void write(Path file, List<JobEvent> events) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                for (JobEvent e : events) {
                    out.write(JSON.writeValueAsString(e));
                    out.write('\n');
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not write the event log {}: {}", file, e.toString());
        }
    }
}
