package io.yarndl.it.recovery;

import io.yarndl.it.cluster.CapturedLog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.log4j.Level;

/**
 * When the scheduler killed each victim of a shrink, and when it marked it for preemption last
 * before that, read from the times of {@code ShrinkEnforcer}'s own log lines: a mark line is
 * written right after the round took the time the grace period counts from, a kill line as the
 * kill is dispatched. Only the last mark counts: a round may mark a container and the next spare
 * it (its target rose again), and a later mark starts a new grace period.
 *
 * @param markedAt killed container id to when its grace period began (epoch ms)
 * @param killedAt killed container id to when its kill was dispatched (epoch ms)
 */
record ShrinkTimes(Map<String, Long> markedAt, Map<String, Long> killedAt) {

    private static final Pattern MARKED = Pattern.compile("container (\\S+) marked for preemption");
    private static final Pattern KILLED = Pattern.compile("killing container (\\S+)");

    /** The kills among {@code enforcer}'s lines so far, each with its last mark before it. */
    static ShrinkTimes of(CapturedLog enforcer) {
        List<CapturedLog.Line> marks = enforcer.lines(Level.INFO, "shrinking ");
        Map<String, Long> killedAt = new LinkedHashMap<>();
        Map<String, Long> markedAt = new LinkedHashMap<>();
        for (CapturedLog.Line kill : enforcer.lines()) {
            Matcher killed = KILLED.matcher(kill.message());
            if (!killed.find() || killedAt.containsKey(killed.group(1))) {
                continue;
            }
            String victim = killed.group(1);
            killedAt.put(victim, kill.epochMillis());
            for (CapturedLog.Line mark : marks) {
                Matcher marked = MARKED.matcher(mark.message());
                if (marked.find() && marked.group(1).equals(victim) && mark.epochMillis() <= kill.epochMillis()) {
                    markedAt.put(victim, mark.epochMillis());
                }
            }
            if (!markedAt.containsKey(victim)) {
                throw new AssertionError(victim + " was killed without a mark before: " + enforcer.lines());
            }
        }
        return new ShrinkTimes(markedAt, killedAt);
    }

    /**
     * How long after its grace period ended the latest of the victims was killed (negative: sooner,
     * which a mark logged a little after the round took its time allows).
     */
    long maxLatenessMillis(long graceMillis) {
        return killedAt.entrySet().stream()
                .mapToLong(kill -> kill.getValue() - markedAt.get(kill.getKey()) - graceMillis)
                .max().orElseThrow(() -> new AssertionError("no container killed yet"));
    }

    /** The earliest mark of a victim (epoch ms). */
    long firstMark() {
        return markedAt.values().stream().mapToLong(Long::longValue).min()
                .orElseThrow(() -> new AssertionError("no container killed yet"));
    }

    /** The latest kill (epoch ms). */
    long lastKill() {
        return killedAt.values().stream().mapToLong(Long::longValue).max()
                .orElseThrow(() -> new AssertionError("no container killed yet"));
    }

    /** Each victim with how long after its last mark it was killed. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("victims killed after their mark:");
        killedAt.forEach((victim, killed) ->
                text.append(' ').append(victim).append(' ').append(killed - markedAt.get(victim)).append(" ms,"));
        return text.substring(0, text.length() - 1);
    }
}
