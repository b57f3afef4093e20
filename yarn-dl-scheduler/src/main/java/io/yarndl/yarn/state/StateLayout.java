package io.yarndl.yarn.state;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.common.PathUtils;

/**
 * Where the scheduler's checkpoint lives under yarn-dl's ZooKeeper root (ARCHITECTURE.md,
 * "ZooKeeper layout"): the manifest node {@code <root>/scheduler/state} and its chunk children
 * {@code <generation>-<index>}. Pure string work.
 */
final class StateLayout {

    private static final Pattern CHUNK = Pattern.compile("([1-9][0-9]{0,18})-(0|[1-9][0-9]{0,9})");

    private final String state;

    /** @throws IllegalArgumentException naming {@code root} when it is not an absolute path without a trailing '/' */
    StateLayout(String root) {
        if (root == null || !root.startsWith("/") || root.endsWith("/")) {
            throw new IllegalArgumentException("ZooKeeper root '" + root
                    + "' must start with '/' and must not end with '/' (e.g. /yarn-dl)");
        }
        try {
            PathUtils.validatePath(root);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ZooKeeper root '" + root + "' is not a valid path: " + e.getMessage(), e);
        }
        this.state = root + "/scheduler/state";
    }

    /** The manifest node, parent of the chunks. */
    String state() {
        return state;
    }

    String chunk(long generation, int index) {
        return state + "/" + generation + "-" + index;
    }

    /** The generation a child of {@link #state()} belongs to; empty for a name that is not a chunk's. */
    static OptionalLong generationOf(String childName) {
        Matcher matcher = CHUNK.matcher(childName);
        if (!matcher.matches()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(matcher.group(1)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
