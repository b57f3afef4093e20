package io.yarndl.am.master;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the client's staging directory once the AM has unregistered, as MapReduce's AM removes its
 * staging directory: the AM jar, the script and its files are no longer needed, and nor are
 * checkpoints kept there by default. Only after a successful unregistration, since until then the
 * RM could still start the application again from those files. Never fails the job.
 */
final class StagingCleanup {

    private static final Logger LOG = LoggerFactory.getLogger(StagingCleanup.class);

    private StagingCleanup() {
    }

    /** @param dir the staging directory's URI, null or empty to keep it ({@code --keep-staging}) */
    static void remove(String dir, Configuration conf) {
        if (dir == null || dir.isBlank()) {
            LOG.info("keeping the staging directory (--keep-staging)");
            return;
        }
        try {
            Path path = new Path(dir);
            FileSystem fs = path.getFileSystem(conf);
            if (fs.delete(path, true)) {
                LOG.info("removed the staging directory {}", dir);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not remove the staging directory {}: {}", dir, e.toString());
        }
    }
}
