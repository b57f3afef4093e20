package io.yarndl.am.cli;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationId;

/**
 * The job's staging directory, {@code <home>/.yarn-dl/<application id>/} on the default file
 * system: the client uploads the AM jar, the script and its extra files there, and YARN localises
 * them into every container from there. The size and modification time of each upload are
 * recorded in its {@link ShippedFile}, since YARN refuses to localise a file that changed.
 *
 * <p>It is removed when the application ends, as MapReduce removes its staging directory: by the
 * AM once it has unregistered, by {@code kill}, and by {@code submit --wait} when the application
 * has ended. A job submitted with {@code --keep-staging} gets a {@link #KEEP_MARKER} file in it,
 * which tells {@code kill} to leave it.
 *
 * <p>On a secure cluster it is created with mode 0700, as MapReduce's is, so that no other user
 * reads the job's script and files (or its default checkpoints, which live under it).
 */
public final class Staging {

    /** Directory under the user's home that holds one staging directory per application. */
    public static final String ROOT = ".yarn-dl";

    /** The staging directory's mode on a secure cluster: the job's files are the submitting user's alone. */
    static final FsPermission OWNER_ONLY = new FsPermission((short) 0700);

    /** The empty file that marks a staging directory to keep ({@code --keep-staging}). */
    public static final String KEEP_MARKER = ".keep-staging";

    private final FileSystem fs;
    private final Path dir;

    private Staging(FileSystem fs, Path dir) {
        this.fs = fs;
        this.dir = dir;
    }

    /** The staging directory of {@code app} on {@code fs} (not created yet). */
    public static Staging of(FileSystem fs, ApplicationId app) {
        Objects.requireNonNull(app, "app");
        Path dir = fs.makeQualified(new Path(new Path(fs.getHomeDirectory(), ROOT), app.toString()));
        return new Staging(fs, dir);
    }

    /** The fully qualified staging directory. */
    public Path dir() {
        return dir;
    }

    /**
     * Uploads the AM jar (as {@link ElasticJobConfig#AM_JAR}), the script and the extra files of
     * {@code request}, in that order.
     */
    public List<ShippedFile> ship(JobRequest request) throws IOException {
        if (UserGroupInformation.isSecurityEnabled()) {
            // The user's alone, as MapReduce's staging directory: the NodeManager localises as the user there.
            FileSystem.mkdirs(fs, dir, OWNER_ONLY);
        } else {
            fs.mkdirs(dir);
        }
        List<ShippedFile> shipped = new ArrayList<>();
        shipped.add(upload(request.amJar(), ElasticJobConfig.AM_JAR));
        shipped.add(upload(request.script(), request.script().getFileName().toString()));
        for (java.nio.file.Path file : request.files()) {
            shipped.add(upload(file, file.getFileName().toString()));
        }
        return shipped;
    }

    /** Uploads one local file as {@code name} in the staging directory. */
    public ShippedFile upload(java.nio.file.Path local, String name) throws IOException {
        Path target = new Path(dir, name);
        fs.copyFromLocalFile(false, true, new Path(local.toUri()), target);
        FileStatus status = fs.getFileStatus(target);
        return new ShippedFile(name, fs.makeQualified(target).toUri().toString(), status.getLen(),
                status.getModificationTime(), false);
    }

    /** Where checkpoints go when {@code --checkpoint-dir} is not given: {@code <staging>/checkpoints}. */
    public String defaultCheckpointDir() {
        return new Path(dir, "checkpoints").toString();
    }

    /** {@code checkpointDir} as given when it has a scheme, else qualified against the default file system. */
    public String qualify(String checkpointDir) {
        Path path = new Path(checkpointDir);
        return path.toUri().getScheme() != null ? path.toString() : fs.makeQualified(path).toString();
    }

    /** Marks the directory as one to keep when the application ends. */
    public void markKept() throws IOException {
        fs.create(new Path(dir, KEEP_MARKER), true).close();
    }

    /** Whether the directory carries {@link #KEEP_MARKER}. */
    public boolean isKept() throws IOException {
        return fs.exists(new Path(dir, KEEP_MARKER));
    }

    /** Removes the staging directory, with what is in it; nothing when it is already gone. */
    public void delete() throws IOException {
        fs.delete(dir, true);
    }
}
