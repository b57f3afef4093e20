package io.yarndl.am.job;

import java.util.Objects;

/**
 * A file the client uploaded to the staging directory, which YARN localises into every container
 * of the job (the AM's and each worker's) under {@code name}.
 *
 * @param name      the link name in the container's working directory, e.g. {@code train.py}
 * @param uri       where it lies, fully qualified ({@code hdfs://nn:8020/user/u/.yarn-dl/app/train.py})
 * @param size      its length in bytes, as YARN checks it on localising
 * @param timestamp its modification time, as YARN checks it on localising
 * @param archive   true when YARN should unpack it (zip, tar.gz), false for a plain file
 */
public record ShippedFile(String name, String uri, long size, long timestamp, boolean archive) {

    public ShippedFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(uri, "uri");
        if (name.isBlank() || name.contains("/")) {
            throw new IllegalArgumentException("a shipped file's name must be a plain file name, got '" + name + "'");
        }
    }
}
