package io.yarndl.core.placement.marl.serving;

import io.yarndl.core.placement.marl.CandidateScorer;
import java.util.Objects;

/**
 * A verified {@code marl} model: the agents' shared network, its card, and where it was loaded from.
 *
 * @param scorer the loaded network
 * @param card   its card
 * @param source the file or classpath resource it came from, for messages
 */
public record MarlModel(CandidateScorer scorer, MarlModelCard card, String source) {

    public MarlModel {
        Objects.requireNonNull(scorer, "scorer");
        Objects.requireNonNull(card, "card");
        Objects.requireNonNull(source, "source");
    }

    /** The id and the first 12 hex digits of the file's sha256, e.g. {@code marl-default@3f2a9c01d4e5}. */
    public String version() {
        String sha = card.model().sha256();
        return card.id() + "@" + sha.substring(0, Math.min(12, sha.length()));
    }
}
