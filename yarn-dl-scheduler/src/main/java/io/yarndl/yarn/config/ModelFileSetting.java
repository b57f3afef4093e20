package io.yarndl.yarn.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * A key naming a model file a learned policy or placement serves ({@code yarn.dl.scheduler.dl2.model},
 * {@code yarn.dl.scheduler.marl.model}): empty for the model shipped in the jar, else the absolute path
 * of a {@code .onnx} file, its card {@code <name>.json} beside it. Only the path's form is checked
 * here: a missing or bad model does not stop the RM, its user falls back and says why.
 */
final class ModelFileSetting {

    private ModelFileSetting() {
    }

    static Optional<Path> read(Configuration conf, String key) {
        String value = conf.getTrimmed(key, "");
        if (value.isEmpty()) {
            return Optional.empty();
        }
        String allowed = "allowed: empty (the model shipped in the jar) or the absolute path of a .onnx file,"
                + " its card <name>.json beside it";
        Path path;
        try {
            path = Path.of(value);
        } catch (InvalidPathException e) {
            throw new InvalidSettingException(key, value, "is not a file path", allowed);
        }
        // A relative path would resolve against wherever the RM daemon was started from.
        if (!path.isAbsolute()) {
            throw new InvalidSettingException(key, value, "is not an absolute path", allowed);
        }
        if (!value.endsWith(".onnx")) {
            throw new InvalidSettingException(key, value, "does not name a .onnx file", allowed);
        }
        return Optional.of(path.normalize());
    }
}
