package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SeedListTest {

    @Test
    void readsSeedsAndInclusiveRangesInTheGivenOrder() {
        assertEquals(List.of(9L, 1L, 2L, 3L, 20L), SeedList.parse("9, 1-3,20"));
        assertEquals(List.of(5L), SeedList.parse("5-5"));
    }

    @Test
    void namesThePieceThatIsNotASeed() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> SeedList.parse("1-4,x7"));
        assertTrue(error.getMessage().contains("'x7'"), error.getMessage());
    }

    @Test
    void refusesBackwardRangesRepeatsNegativesAndEmptyItems() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SeedList.parse("8-1")).getMessage()
                .contains("backwards"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SeedList.parse("1-3,2")).getMessage()
                .contains("seed 2 is given twice"));
        assertThrows(IllegalArgumentException.class, () -> SeedList.parse("-3"));
        assertThrows(IllegalArgumentException.class, () -> SeedList.parse("1,,2"));
    }
}
