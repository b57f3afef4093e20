package io.yarndl.am.master;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The mode the AM gives a checkpoint directory it creates, from the cluster's configuration (the
 * {@code yarn-site.xml} the AM's container reads): {@value #KEY}, octal, default
 * {@value #DEFAULT}, so that only the job's user (and the HDFS superuser) reads or replaces its
 * checkpoints. A cluster whose users share checkpoints through a group sets {@code 750} or
 * {@code 770}.
 */
final class CheckpointPermission {

    static final String KEY = "yarn.dl.am.checkpoint-permission";
    static final String DEFAULT = "700";

    private CheckpointPermission() {
    }

    /** The configured mode; a value that is not 3 or 4 octal digits is refused with the key's name. */
    static FsPermission from(Configuration conf) {
        String value = conf.getTrimmed(KEY, DEFAULT);
        if (!value.matches("[0-1]?[0-7]{3}")) {
            throw new IllegalArgumentException(KEY + " must be an octal mode such as 700 or 750, got '" + value + "'");
        }
        return new FsPermission(Short.parseShort(value, 8));
    }
}
