package io.yarndl.yarn.dl2;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFileWatchTest {

    @TempDir
    Path dir;
    Path model;
    Path card;

    @BeforeEach
    void writeModelAndCard() throws Exception {
        model = dir.resolve("dl2-v1.onnx");
        card = dir.resolve("dl2-v1.json");
        Files.write(model, new byte[] {1, 2, 3, 4});
        Files.writeString(card, "{\"id\":\"v1\"}");
    }

    @Test
    void reportsNothingWhileTheFilesStayAsTheyWere() {
        ModelFileWatch watch = new ModelFileWatch(model);

        assertFalse(watch.poll());
        assertFalse(watch.poll());
    }

    @Test
    void reportsAReplacedModelOnceItHasStoppedChangingAndOnlyOnce() throws Exception {
        ModelFileWatch watch = new ModelFileWatch(model);

        Files.write(model, new byte[] {9, 9});
        assertFalse(watch.poll(), "changed since the previous poll: maybe still being copied");
        Files.write(model, new byte[] {9, 9, 9, 9, 9, 9});
        assertFalse(watch.poll(), "still changing");
        assertTrue(watch.poll(), "unchanged for one poll: settled");
        assertFalse(watch.poll(), "reported once");
    }

    @Test
    void reportsACardReplacedOnItsOwn() throws Exception {
        ModelFileWatch watch = new ModelFileWatch(model);

        Files.writeString(card, "{\"id\":\"v2\", \"more\": true}");

        assertFalse(watch.poll());
        assertTrue(watch.poll());
    }

    @Test
    void reportsAFileMovedIntoPlaceWithTheSameSizeAndTime() throws Exception {
        ModelFileWatch watch = new ModelFileWatch(model);
        FileTime time = Files.getLastModifiedTime(model);
        Path next = dir.resolve("next.onnx.tmp");
        Files.write(next, new byte[] {5, 6, 7, 8});
        Files.setLastModifiedTime(next, time);

        Files.move(next, model, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        assertFalse(watch.poll());
        assertTrue(watch.poll(), "another inode is another file");
    }

    @Test
    void reportsAModelThatDisappearsAndOneThatAppears() throws Exception {
        Files.delete(model);
        ModelFileWatch watch = new ModelFileWatch(model);

        Files.write(model, new byte[] {1});
        assertFalse(watch.poll());
        assertTrue(watch.poll(), "appeared");

        Files.delete(card);
        assertFalse(watch.poll());
        assertTrue(watch.poll(), "card gone: loading now says so");
    }
}
