package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SizeParserTest {

    @Test
    void readsMemoryInGigabytesMegabytesOrPlainMegabytes() {
        assertEquals(4096, SizeParser.memoryMb("4g"));
        assertEquals(4096, SizeParser.memoryMb("4G"));
        assertEquals(4096, SizeParser.memoryMb("4096m"));
        assertEquals(4096, SizeParser.memoryMb("4096"));
        assertEquals(4096, SizeParser.memoryMb("4gb"));
        assertEquals(1024 * 1024, SizeParser.memoryMb("1t"));
        assertEquals(2, SizeParser.memoryMb("2048k"));
    }

    @Test
    void rejectsMemoryThatIsNotASizeOrBelowOneMegabyte() {
        for (String bad : new String[] {"", "4x", "-1g", "1.5g", "g", "0", "0g", "512k"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SizeParser.memoryMb(bad),
                    bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SizeParser.memoryMb("4x")).getMessage()
                .contains("4g, 4096m or 4096"));
    }

    @Test
    void readsDurationsInMillisecondsSecondsMinutesAndHours() {
        assertEquals(Duration.ofMillis(500), SizeParser.duration("500ms"));
        assertEquals(Duration.ofSeconds(30), SizeParser.duration("30s"));
        assertEquals(Duration.ofMinutes(2), SizeParser.duration("2m"));
        assertEquals(Duration.ofHours(1), SizeParser.duration("1H"));
    }

    @Test
    void rejectsDurationsWithoutUnitOrZero() {
        for (String bad : new String[] {"30", "s", "-1s", "1.5s", "0s", "2d"}) {
            assertThrows(IllegalArgumentException.class, () -> SizeParser.duration(bad), bad);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SizeParser.duration("30")).getMessage()
                .contains("30s, 500ms, 2m"));
    }

    @Test
    void formatsWholeGigabytesAsGigabytes() {
        assertEquals("4g", SizeParser.formatMemory(4096));
        assertEquals("1536m", SizeParser.formatMemory(1536));
    }
}
