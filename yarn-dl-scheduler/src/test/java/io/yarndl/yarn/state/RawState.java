package io.yarndl.yarn.state;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;

/**
 * Writes the state nodes directly, bypassing the store, to plant what a crashed, buggy, older or
 * newer writer could leave behind.
 */
final class RawState {

    private final CuratorFramework client;
    private final StateLayout layout;

    RawState(CuratorFramework client, String root) {
        this.client = client;
        this.layout = new StateLayout(root);
    }

    String state() {
        return layout.state();
    }

    String chunk(long generation, int index) {
        return layout.chunk(generation, index);
    }

    void manifest(String json) throws Exception {
        client.create().orSetData().creatingParentsIfNeeded().forPath(layout.state(), json.getBytes(StandardCharsets.UTF_8));
    }

    void manifest(CheckpointManifest manifest) throws Exception {
        client.create().orSetData().creatingParentsIfNeeded().forPath(layout.state(), manifest.toJson());
    }

    CheckpointManifest manifest() throws Exception {
        return CheckpointManifest.fromJson(client.getData().forPath(layout.state()));
    }

    void chunk(long generation, int index, byte[] data) throws Exception {
        client.create().orSetData().creatingParentsIfNeeded().forPath(layout.chunk(generation, index), data);
    }

    /** Chunks of {@code generation} holding {@code payload}, and a manifest that describes them truthfully. */
    void payload(long generation, byte[] payload, int format) throws Exception {
        int chunks = (payload.length + SchedulerStateStore.CHUNK_BYTES - 1) / SchedulerStateStore.CHUNK_BYTES;
        for (int i = 0; i < chunks; i++) {
            chunk(generation, i, Arrays.copyOfRange(payload, i * SchedulerStateStore.CHUNK_BYTES,
                    Math.min(payload.length, (i + 1) * SchedulerStateStore.CHUNK_BYTES)));
        }
        manifest(new CheckpointManifest(format, generation, chunks, payload.length, CheckpointFitter.sha256(payload),
                1_732_200_000_000L));
    }

    List<String> children() throws Exception {
        return client.getChildren().forPath(layout.state()).stream().sorted().toList();
    }
}
