package io.yarndl.core.policy.dl2;

import java.util.Objects;

/**
 * A verified DL2 model: its network, its card, and where it was loaded from.
 *
 * @param network the loaded network
 * @param card    its card
 * @param source  the file or classpath resource it came from, for messages
 */
public record Dl2Model(Dl2Network network, ModelCard card, String source) {

    public Dl2Model {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(card, "card");
        Objects.requireNonNull(source, "source");
    }

    /** The id and the first 12 hex digits of the file's sha256, e.g. {@code dl2-default@3f2a9c01d4e5}. */
    public String version() {
        String sha = card.model().sha256();
        return card.id() + "@" + sha.substring(0, Math.min(12, sha.length()));
    }
}
