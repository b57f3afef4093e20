package io.yarndl.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NodePodTest {

    private static Node in(String rack) {
        Resources gpus = Resources.of(8, 32, 131_072);
        return new Node("n", rack, "V100", gpus, gpus);
    }

    @Test
    void aTwoLevelLocationNamesThePodAboveTheRack() {
        assertEquals("/pod-2", in("/pod-2/rack-1").pod());
        assertEquals("/dc-1/pod-2", in("/dc-1/pod-2/rack-1").pod());
    }

    @Test
    void aOneLevelLocationNamesNoPod() {
        assertEquals("", in("/rack-1").pod());
        assertEquals("", in("/default-rack").pod());
    }
}
