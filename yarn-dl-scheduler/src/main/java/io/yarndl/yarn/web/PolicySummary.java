package io.yarndl.yarn.web;

import java.util.Set;

/**
 * The scheduling policy and its health, as {@code GET /ws/v1/cluster/dl/policy} shows it.
 *
 * @param policy     the policy that plans now
 * @param configured the policy {@code yarn.dl.scheduler.policy} names (what a restarted RM runs)
 * @param available  the names {@code PUT /ws/v1/cluster/dl/policy} accepts
 * @param dl2        DL2's model, whichever policy plans (it matters when the policy is {@code dl2})
 */
public record PolicySummary(String policy, String configured, Set<String> available, Dl2 dl2) {

    /**
     * @param active         whether the policy that plans now is {@code dl2}
     * @param serving        whether a DL2 model serves (false while it falls back, or before any dl2 policy ran)
     * @param modelVersion   the serving model's version ({@code <id>@<sha256 prefix>}), or null
     * @param fallback       whether DL2 falls back to optimus
     * @param fallbackReason why, or null
     */
    public record Dl2(boolean active, boolean serving, String modelVersion, boolean fallback, String fallbackReason) {
    }
}
