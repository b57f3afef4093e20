package io.yarndl.scale.run;

import java.util.HashMap;
import java.util.Map;
import org.apache.zookeeper.server.ServerMetrics;

/**
 * Reads and writes the in-process ZooKeeper server has completed, from its own metrics: the
 * counts of its read and update latency summaries, which its final request processor records once
 * per read ({@code getData}, {@code exists}, {@code getChildren}, ...) and once per write
 * ({@code create}, {@code setData}, {@code delete}, ...). Every client of the run counts: the
 * scheduler and the simulated AMs.
 */
public record ZooKeeperOps(long reads, long writes) {

    public static ZooKeeperOps now() {
        Map<String, Object> values = new HashMap<>();
        ServerMetrics.getMetrics().getMetricsProvider().dump(values::put);
        return new ZooKeeperOps(count(values, "cnt_readlatency"), count(values, "cnt_updatelatency"));
    }

    private static long count(Map<String, Object> values, String key) {
        Object value = values.get(key);
        return value instanceof Number number ? number.longValue() : 0;
    }

    public ZooKeeperOps minus(ZooKeeperOps earlier) {
        return new ZooKeeperOps(reads - earlier.reads, writes - earlier.writes);
    }
}
