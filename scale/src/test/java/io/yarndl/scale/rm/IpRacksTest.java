package io.yarndl.scale.rm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class IpRacksTest {

    @Test
    void namesNodesByAddressesThatNeedNoDnsAndReadsTheirIndexBack() {
        assertEquals("10.0.0.1", IpRacks.host(0));
        assertEquals("10.0.3.250", IpRacks.host(999));
        for (int i : new int[] {0, 1, 249, 250, 999, 4_999}) {
            assertEquals(i, IpRacks.index(IpRacks.host(i)));
        }
    }

    @Test
    void putsFortyNodesInARackAndUnknownHostsInTheDefaultRack() {
        assertEquals(List.of("/rack-0", "/rack-0", "/rack-1", "/rack-24", "/default-rack"),
                new IpRacks().resolve(List.of(IpRacks.host(0), IpRacks.host(39), IpRacks.host(40), IpRacks.host(999),
                        "gpu-node-7")));
    }

    @Test
    void refusesAnIndexItCannotAddress() {
        assertThrows(IllegalArgumentException.class, () -> IpRacks.host(-1));
        assertThrows(IllegalArgumentException.class, () -> IpRacks.host(62_500));
    }
}
