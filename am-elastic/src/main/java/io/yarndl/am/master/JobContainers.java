package io.yarndl.am.master;

import io.yarndl.am.launch.Role;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The containers of an {@link ElasticJob}: those it holds, each joining (granted, not yet in a
 * generation), training or leaving (asked back, kept until the next generation starts), and those
 * it gave back, which the AM must release and whose completions are then no news. Kept apart from
 * the job's generations so that the job's rules read as rules, not as bookkeeping. Not
 * thread-safe: the job calls it under its own lock.
 */
final class JobContainers {

    /** Where a held container stands. */
    enum State { JOINING, ACTIVE, LEAVING }

    private static final class Member {
        final Role role;
        State state = State.JOINING;

        Member(Role role) {
            this.role = role;
        }
    }

    private final Map<String, Member> held = new LinkedHashMap<>();
    private final List<String> toRelease = new ArrayList<>();
    private final Set<String> releasedByUs = new HashSet<>();
    private final Set<String> everHeld = new HashSet<>();

    boolean holds(String containerId) {
        return held.containsKey(containerId);
    }

    /** Whether the job ever held {@code containerId}: an agent it let go is told to exit. */
    boolean everHeld(String containerId) {
        return everHeld.contains(containerId);
    }

    /** A container joins; it trains from the next generation. */
    void add(String containerId, Role role) {
        held.put(containerId, new Member(role));
        everHeld.add(containerId);
    }

    /** Where {@code containerId} stands, empty for a container the job does not hold. */
    Optional<State> stateOf(String containerId) {
        Member member = held.get(containerId);
        return member == null ? Optional.empty() : Optional.of(member.state);
    }

    /** The container trains on until the next generation, which goes without it. */
    void markLeaving(String containerId) {
        held.get(containerId).state = State.LEAVING;
    }

    /** Gives a held container back: the AM releases it, and its completion is expected. */
    void release(String containerId) {
        if (held.remove(containerId) != null) {
            toRelease.add(containerId);
            releasedByUs.add(containerId);
        }
    }

    /** Gives every held container back (the job ended). */
    void releaseAll() {
        List.copyOf(held.keySet()).forEach(this::release);
    }

    /** Asks the AM to release a container the job never held (one of a previous AM attempt). */
    void releaseUnheld(String containerId) {
        toRelease.add(containerId);
    }

    /**
     * A container ended. Returns true when the job held it and lost it; false when the job had
     * given it back or never held it.
     */
    boolean lost(String containerId) {
        if (releasedByUs.remove(containerId)) {
            return false;
        }
        return held.remove(containerId) != null;
    }

    /** Containers the AM must release now (taken: each is returned once). */
    List<String> takeReleases() {
        List<String> out = List.copyOf(toRelease);
        toRelease.clear();
        return out;
    }

    /** Containers of {@code role} that go into the next generation: joined order, at most {@code max}. */
    List<String> staying(Role role, int max) {
        return held.entrySet().stream()
                .filter(e -> e.getValue().role == role && e.getValue().state != State.LEAVING)
                .map(Map.Entry::getKey)
                .limit(max)
                .toList();
    }

    /** Held containers of {@code role} that are not leaving. */
    int staying(Role role) {
        return (int) held.values().stream().filter(m -> m.role == role && m.state != State.LEAVING).count();
    }

    /** The next generation starts: leaving containers are released, joining ones train. */
    void commit() {
        for (Map.Entry<String, Member> e : List.copyOf(held.entrySet())) {
            if (e.getValue().state == State.LEAVING) {
                release(e.getKey());
            } else {
                e.getValue().state = State.ACTIVE;
            }
        }
    }

    /** The held containers, in the order they joined. */
    List<String> ids() {
        return List.copyOf(held.keySet());
    }
}
