package io.yarndl.yarn.dl2;

import io.yarndl.core.policy.dl2.ModelLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;

/**
 * Notices that an operator replaced the DL2 model file or its card, cheaply: each {@link #poll()}
 * stats the two files (size, modification time, file key, which is the inode on Linux, so a
 * file moved into place is seen even with the same size and time) and reads nothing.
 *
 * <p>A change is reported once it has settled: the files differ from those last reported (or
 * present at construction) and are the same as at the previous poll. A file still being copied
 * is therefore not loaded half-written, and a model and card replaced one after the other are
 * loaded together. Polled once per scheduling round, a change is acted on one to two rounds after
 * the last write.
 *
 * <p>Not thread-safe: one caller (the round thread) polls.
 */
public final class ModelFileWatch {

    private final Path model;
    private final Path card;
    private Stamp reported;
    private Stamp previous;

    /** Watches {@code model} and its card ({@link ModelLoader#cardOf}); their state now counts as seen. */
    public ModelFileWatch(Path model) {
        this.model = Objects.requireNonNull(model, "model");
        this.card = ModelLoader.cardOf(model);
        this.reported = stamp();
        this.previous = reported;
    }

    /**
     * True, once, when the model file or its card changed since the last change reported and has
     * not changed since the previous poll.
     */
    public boolean poll() {
        Stamp now = stamp();
        boolean settled = !now.equals(reported) && now.equals(previous);
        previous = now;
        if (settled) {
            reported = now;
        }
        return settled;
    }

    /** The model file watched. */
    public Path model() {
        return model;
    }

    private Stamp stamp() {
        return new Stamp(FileStamp.of(model), FileStamp.of(card));
    }

    private record Stamp(FileStamp model, FileStamp card) {
    }

    /**
     * What a stat says of one file; a missing or unstatable file has size -1 and the reason as its key,
     * so that its appearance is a change too.
     */
    private record FileStamp(long size, FileTime modified, Object key) {

        static FileStamp of(Path file) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                return new FileStamp(attributes.size(), attributes.lastModifiedTime(), attributes.fileKey());
            } catch (NoSuchFileException missing) {
                return new FileStamp(-1, null, "missing");
            } catch (IOException unreadable) {
                return new FileStamp(-1, null, "unreadable: " + unreadable.getMessage());
            }
        }
    }
}
