package io.yarndl.yarn.config;

/**
 * A {@code yarn.dl.scheduler.*} setting (or the ZooKeeper address it falls back to) has a value the
 * scheduler cannot run with. The message names the key, the value as written and what is allowed,
 * e.g. {@code yarn.dl.scheduler.policy = 'optimsu' is not a known policy; known: drf, fifo, optimus},
 * so that the one line in the ResourceManager's log is enough to fix the configuration.
 */
public final class InvalidSettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final String value;
    private final String allowed;

    /**
     * @param key     the configuration key at fault
     * @param value   the value as written, or {@code null} when the key is not set
     * @param problem what is wrong with it, e.g. {@code is not a known policy}
     * @param allowed what would be accepted, e.g. {@code known: drf, fifo, optimus}
     */
    public InvalidSettingException(String key, String value, String problem, String allowed) {
        super(key + (value == null ? " " : " = '" + value + "' ") + problem + "; " + allowed);
        this.key = key;
        this.value = value;
        this.allowed = allowed;
    }

    /** The configuration key at fault. */
    public String key() {
        return key;
    }

    /** The value as written, or {@code null} when the key was not set. */
    public String value() {
        return value;
    }

    /** What the key accepts, as shown in the message. */
    public String allowed() {
        return allowed;
    }
}
